// The sealed head: cutting rows from the end of the audit trail, or nulling its chains, no longer
// passes `npm run audit:verify`, even for someone who can write the database file and drop its
// triggers; nor does a head edited without the key.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { buildTestApp, loginRequest, register, testConfig, TEST_PASSWORD } from '../test/helpers';
import { verifyAuditChain } from './audit-chain';
import { AUDIT_HEAD_FILE, readAuditHead } from './audit-head';
import { AUDIT_KEY_FILE } from './audit-key';
import { deleteNewestRows, tamper } from './audit-tamper.fixture';
import { rawGet } from '../db/raw-sql';

const script = fileURLToPath(new URL('../../scripts/audit-verify.ts', import.meta.url));
let root: string;
/** A closed server's DATA_DIR: its database, its audit key and the head it wrote at close. */
let original: string;
let key: string;
let rowCount: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-audit-head-'));
  original = join(root, 'original');
  mkdirSync(original, { mode: 0o700 });
  const app = await buildTestApp({ config: testConfig({ dataDir: original }), db: openDatabase(join(original, 'expediente.db')) });
  const session = await register(app, { type: 'patient' });
  for (let i = 0; i < 8; i += 1) await loginRequest(app, session.user.email, i === 0 ? 'wrong-password' : TEST_PASSWORD);
  rowCount = (await rawGet<{ value: number }>(app.deps.db, 'select count(*) as value from audit_events'))!.value;
  await app.close();
  key = readFileSync(join(original, AUDIT_KEY_FILE), 'utf8').trim();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let copies = 0;
/** A copy of the original DATA_DIR, to tamper with. */
function copy(): { dataDir: string; path: string } {
  const dataDir = join(root, `copy-${++copies}`);
  cpSync(original, dataDir, { recursive: true });
  return { dataDir, path: join(dataDir, 'expediente.db') };
}

function verifyCommand(dataDir: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function reportOf(dataDir: string) {
  const sqlite = new Database(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    return verifyAuditChain(sqlite, key, readAuditHead(dataDir, key));
  } finally {
    sqlite.close();
  }
}

describe('npm run audit:verify with a sealed head', () => {
  it('passes an intact trail with its head, and says the rows up to the head are there', () => {
    expect(rowCount).toBeGreaterThan(5);
    const { dataDir } = copy();
    const result = verifyCommand(dataDir);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Audit chain intact: ${rowCount} rows verified.`);
    expect(result.out).toMatch(new RegExp(`up to the sealed head of .* \\(row \\d+, ${rowCount} rows\\) is there`));
  });

  it('fails when the newest 5 rows were deleted after the head was written', () => {
    const { dataDir, path } = copy();
    tamper(path, deleteNewestRows(5));
    expect(reportOf(dataDir)).toMatchObject({ verified: rowCount - 5, firstMismatch: null, problem: { kind: 'cut' } });
    const result = verifyCommand(dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Rows up to the sealed head are missing');
  });

  it('fails when every chain was nulled', () => {
    const { dataDir, path } = copy();
    tamper(path, 'update audit_events set chain = null');
    expect(reportOf(dataDir).problem?.kind).toBe('unsealed');
    const result = verifyCommand(dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/No audit row carries a chain, but the sealed head .* says rows from \d+ on were sealed/);
  });

  it('fails when a head was edited without the key to match a cut trail', () => {
    const { dataDir, path } = copy();
    tamper(path, deleteNewestRows(5));
    const headPath = join(dataDir, AUDIT_HEAD_FILE);
    const head = JSON.parse(readFileSync(headPath, 'utf8')) as { lastId: number; count: number; chain: string };
    const sqlite = new Database(path, { readonly: true });
    const newest = sqlite.prepare('select id, chain from audit_events order by id desc limit 1').get() as { id: number; chain: string };
    sqlite.close();
    writeFileSync(headPath, JSON.stringify({ ...head, lastId: newest.id, count: head.count - 5, chain: newest.chain }));
    const result = verifyCommand(dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toContain('fails its signature under the audit key');
  });
});

describe('npm run audit:verify without a head file', () => {
  it('fails on a row without chain after a chained one', () => {
    const { dataDir, path } = copy();
    rmSync(join(dataDir, AUDIT_HEAD_FILE));
    tamper(path, 'update audit_events set chain = null where id = (select max(id) from audit_events)');
    const result = verifyCommand(dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/Audit chain broken at row \d+ .*: it has no chain though an earlier row is sealed/);
  });

  it('judges an intact trail by its chain alone, and says that no head was written yet', () => {
    const { dataDir } = copy();
    rmSync(join(dataDir, AUDIT_HEAD_FILE));
    const result = verifyCommand(dataDir);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Audit chain intact: ${rowCount} rows verified.`);
    expect(result.out).toContain('No sealed head');
  });

  it('exits 2 when DATA_DIR holds no database or key', () => {
    expect(verifyCommand(join(root, 'nowhere')).code).toBe(2);
  });
});
