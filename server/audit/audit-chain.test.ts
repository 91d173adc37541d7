// Tamper evidence: the HMAC chain over the audit trail, the append-only triggers with
// recursive triggers on, and `npm run audit:verify` naming the first row that was altered.
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/client-build';
import { openDatabase } from '../db/client';
import { setUpPracticeKey } from '../encryption/new-practice-key';
import { forgetPracticeKey } from '../encryption/unlocked-practices';
import { buildTestApp, loginRequest, register, testConfig, TEST_PASSWORD } from '../test/helpers';
import { verifyAuditChain } from './audit-chain';
import { AUDIT_KEY_FILE } from './audit-key';
import { sqliteEngineOf } from '../db/engine';

const run = promisify(execFile);
let app: FastifyInstance | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** A server on a real database file in its own DATA_DIR, with a little activity in its audit trail. */
async function fileBackedApp(options: { passphrase?: string } = {}) {
  dataDir = mkdtempSync(join(tmpdir(), 'expediente-audit-'));
  // An encrypted practice, as a new one is set up; light argon2 parameters (the key file records them).
  if (options.passphrase) await setUpPracticeKey(dataDir, options.passphrase, { memoryCost: 8_192, timeCost: 1, parallelism: 1 });
  const path = join(dataDir, 'expediente.db');
  app = await buildTestApp({ db: openDatabase(path), config: testConfig({ dataDir }) });
  const session = await register(app, { type: 'patient' });
  await loginRequest(app, session.user.email, 'wrong-password');
  await loginRequest(app, session.user.email, TEST_PASSWORD);
  return { path, key: readFileSync(join(dataDir, AUDIT_KEY_FILE), 'utf8').trim() };
}

/** What someone with the file but not the key can do: drop the triggers and edit. */
function tamper(path: string, statement: string): void {
  const sqlite = new Database(path);
  sqlite.exec('drop trigger audit_events_no_update; drop trigger audit_events_no_delete;');
  sqlite.exec(statement);
  sqlite.close();
}

const verifyCommand = (dir: string, env: Record<string, string> = {}) =>
  run(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/audit-verify.ts'], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dir, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('the audit chain', () => {
  it('chains every row under the key in DATA_DIR, which the database never holds', async () => {
    const { path, key } = await fileBackedApp();
    const sqlite = sqliteEngineOf(app!.deps.db).writer;
    const rows = sqlite.prepare('select chain from audit_events order by id').all() as { chain: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.chain ?? ''))).toBe(true);
    expect(verifyAuditChain(sqlite, key)).toEqual({ verified: rows.length, unsealed: 0, firstMismatch: null });
    await app!.close();
    app = undefined;
    expect(readFileSync(path).includes(Buffer.from(key))).toBe(false);
  });

  it('refuses INSERT OR REPLACE over an audit row, like any update or delete', async () => {
    app = await buildTestApp();
    await register(app, { type: 'patient' });
    const sqlite = sqliteEngineOf(app.deps.db).writer;
    expect(() =>
      sqlite.prepare("insert or replace into audit_events (id, at, actor_type, action, outcome) values (1, 'x', 'anonymous', 'forged', 'success')").run(),
    ).toThrow(/append-only/);
    expect(() => sqlite.prepare("update audit_events set detail = 'x' where id = 1").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from audit_events where id = 1').run()).toThrow(/append-only/);
  });

  it('makes `npm run audit:verify` name the row edited in the database file', async () => {
    const { path } = await fileBackedApp();
    await app!.close();
    app = undefined;
    const intact = await verifyCommand(dataDir!);
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/Audit chain intact: \d+ rows verified/);

    tamper(path, "update audit_events set detail = 'nothing to see' where id = 2");
    const broken = await verifyCommand(dataDir!);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('Audit chain broken at row 2 ');
  });

  it('makes `npm run audit:verify` open an encrypted practice with PASSPHRASE, and say what it needs without it or with a wrong one', async () => {
    const passphrase = 'frase de la consulta para verificar';
    await fileBackedApp({ passphrase });
    await app!.close();
    app = undefined;
    // The command is a process of its own: it holds no key but what the passphrase unwraps.
    forgetPracticeKey(dataDir!);
    const intact = await verifyCommand(dataDir!, { PASSPHRASE: passphrase, PASSPHRASE_FILE: '' });
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toMatch(/Audit chain intact: \d+ rows verified/);
    const locked = await verifyCommand(dataDir!, { PASSPHRASE: '', PASSPHRASE_FILE: '' });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('The practice is encrypted: set PASSPHRASE_FILE or PASSPHRASE');
    const wrong = await verifyCommand(dataDir!, { PASSPHRASE: 'otra frase cualquiera', PASSPHRASE_FILE: '' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('That passphrase does not open the practice key');
  });

  it('finds a deleted row at the row after it', async () => {
    const { path, key } = await fileBackedApp();
    await app!.close();
    app = undefined;
    tamper(path, 'delete from audit_events where id = 2');
    const sqlite = new Database(path, { readonly: true });
    expect(verifyAuditChain(sqlite, key).firstMismatch?.id).toBe(3);
    sqlite.close();
  });
});
