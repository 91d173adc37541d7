// The check since the checkpoint: starting from the sealed head, it recomputes only the
// rows after it, yet still catches a row altered or removed after the checkpoint and rows cut up
// to it; an edit before the checkpoint is the whole check's to find, and the whole check still does.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { registerAuditChain, verifyAuditChain } from './audit-chain';
import { verifyAuditChainSince } from './audit-checkpoint';
import { insertAuditEvents } from './audit-events.fixture';
import { computeAuditHead, readAuditHead, signAuditHead, writeAuditHead, type AuditHead } from './audit-head';
import { AUDIT_KEY_FILE } from './audit-key';
import { tamper } from './audit-tamper.fixture';
import { engineOf, sqliteEngineOf } from '../db/engine';

const script = fileURLToPath(new URL('../../scripts/audit-verify.ts', import.meta.url));
const key = randomBytes(32).toString('hex');
let root: string;
/** A DATA_DIR with 30 events sealed by its head (row 30), then 10 more written after it. */
let original: string;
let head: AuditHead;

const events = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ action: 'patient.detail', patientId: 1 + ((from + i) % 3), detail: `event ${from + i}` }));

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-audit-checkpoint-'));
  original = join(root, 'original');
  mkdirSync(original, { mode: 0o700 });
  writeFileSync(join(original, AUDIT_KEY_FILE), key, { mode: 0o600 });
  const db = openDatabase(join(original, 'expediente.db'));
  const sqlite = sqliteEngineOf(db).writer;
  registerAuditChain(sqlite, key);
  insertAuditEvents(sqlite, events(30, 1));
  head = computeAuditHead(sqlite)!;
  writeAuditHead(original, signAuditHead(head, key));
  insertAuditEvents(sqlite, events(10, 31));
  await engineOf(db).close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let copies = 0;
function copy(): { dataDir: string; path: string } {
  const dataDir = join(root, `copy-${++copies}`);
  cpSync(original, dataDir, { recursive: true });
  return { dataDir, path: join(dataDir, 'expediente.db') };
}

function reports(dataDir: string) {
  const sqlite = new Database(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    const sealed = readAuditHead(dataDir, key)!;
    return { since: verifyAuditChainSince(sqlite, key, sealed), whole: verifyAuditChain(sqlite, key, sealed) };
  } finally {
    sqlite.close();
  }
}

const verifyCommand = (dataDir: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } });
  return { code: result.status, out: result.stdout };
};

describe('the audit check since the checkpoint', () => {
  it('recomputes only the rows after the sealed head, and passes an intact trail', () => {
    expect(head).toMatchObject({ lastId: 30, count: 30, firstSealedId: 1 });
    const { since, whole } = reports(copy().dataDir);
    expect(since).toMatchObject({ verified: 10, trusted: 30, firstMismatch: null });
    expect(since.problem).toBeUndefined();
    expect(whole).toMatchObject({ verified: 40, firstMismatch: null });
  });

  it('catches a row altered after the checkpoint, and names it', () => {
    const { dataDir, path } = copy();
    tamper(path, "update audit_events set detail = 'nothing to see' where id = 35");
    expect(reports(dataDir).since).toMatchObject({ verified: 4, firstMismatch: { id: 35 }, problem: { kind: 'altered' } });
  });

  it('catches a row removed after the checkpoint, at the row after it', () => {
    const { dataDir, path } = copy();
    tamper(path, 'delete from audit_events where id = 33');
    expect(reports(dataDir).since).toMatchObject({ firstMismatch: { id: 34 }, problem: { kind: 'altered' } });
  });

  it("catches the checkpoint's own row altered: its chain is not the sealed one", () => {
    const { dataDir, path } = copy();
    tamper(path, "update audit_events set chain = 'f00d' where id = 30");
    expect(reports(dataDir).since.problem?.kind).toBe('altered');
  });

  it('catches rows cut up to the checkpoint, from its end or from the middle', () => {
    const fromEnd = copy();
    tamper(fromEnd.path, 'delete from audit_events where id >= 28');
    expect(reports(fromEnd.dataDir).since.problem).toMatchObject({ kind: 'cut', message: expect.stringContaining('row 30, and that row is gone') });
    const fromMiddle = copy();
    tamper(fromMiddle.path, 'delete from audit_events where id in (5, 6)');
    expect(reports(fromMiddle.dataDir).since.problem).toMatchObject({ kind: 'cut', message: expect.stringContaining('28 rows up to row 30') });
  });

  it('catches chains nulled up to the checkpoint', () => {
    const { dataDir, path } = copy();
    tamper(path, 'update audit_events set chain = null where id <= 10');
    expect(reports(dataDir).since.problem?.kind).toBe('unsealed');
  });

  it('does not see a row edited before the checkpoint (said in its help); the whole check does', () => {
    const { dataDir, path } = copy();
    tamper(path, "update audit_events set detail = 'rewritten history' where id = 12");
    const { since, whole } = reports(dataDir);
    expect(since.problem).toBeUndefined();
    expect(whole).toMatchObject({ firstMismatch: { id: 12 }, problem: { kind: 'altered' } });
  });
});

describe('npm run audit:verify -- --since-checkpoint', () => {
  it('says how many rows it recomputed and which it trusted', () => {
    const result = verifyCommand(copy().dataDir, '--since-checkpoint');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Audit chain intact since the checkpoint: 10 rows after the sealed head');
    expect(result.out).toContain('The 30 rows up to it are all there; they were not recomputed');
  });

  it('exits 1 on a row altered after the checkpoint, while the whole check (the default) finds one before it', () => {
    const after = copy();
    tamper(after.path, "update audit_events set detail = 'x' where id = 38");
    expect(verifyCommand(after.dataDir, '--since-checkpoint')).toMatchObject({ code: 1, out: expect.stringContaining('Audit chain broken at row 38') });
    const before = copy();
    tamper(before.path, "update audit_events set detail = 'x' where id = 3");
    expect(verifyCommand(before.dataDir, '--since-checkpoint').code).toBe(0);
    expect(verifyCommand(before.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Audit chain broken at row 3 ') });
  });

  it('checks the whole trail when there is no head to start from', () => {
    const { dataDir } = copy();
    rmSync(join(dataDir, 'audit-head'));
    const result = verifyCommand(dataDir, '--since-checkpoint');
    expect(result.code).toBe(0);
    expect(result.out).toContain('checking the whole trail');
    expect(result.out).toContain('Audit chain intact: 40 rows verified.');
  });

  it('says in its help what the check since the checkpoint cannot see', () => {
    const result = verifyCommand(copy().dataDir, '--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('a row edited after it was sealed is seen only by the whole check');
  });
});
