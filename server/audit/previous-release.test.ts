// Every audit row written by an older release verifies under this one: the previous release's
// DATA_DIR before and after this release migrates it, and that release's own backup restored here.
// (Its rows carry no name columns at all; they once hashed as if the names were null, and every
// older trail looked altered from row 1.)
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/client-build';
import { restoreBackup } from '../backup/restore';
import { openDatabase } from '../db/client';
import { practiceForTests } from '../test/encrypted-practice';
import { buildTestApp, loginRequest, testConfig } from '../test/helpers';
import { PREVIOUS_RELEASE_FACTS, PREVIOUS_RELEASE_PASSPHRASE, PREVIOUS_RELEASE_PASSWORD, unpackPreviousRelease, type PreviousRelease } from '../test/previous-release';
import { verifyAuditChain } from './audit-chain';
import { AUDIT_KEY_FILE } from './audit-key';
import { rawGet } from '../db/raw-sql';
import { sqliteEngineOf } from '../db/engine';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'expediente-previous-release-'));
let practice: PreviousRelease;
let turn = 0;

beforeEach(() => {
  turn += 1;
  practice = unpackPreviousRelease(join(root, String(turn)));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const keyOf = (dataDir: string) => readFileSync(join(dataDir, AUDIT_KEY_FILE), 'utf8').trim();
const intact = (verified: number) => ({ verified, unsealed: 0, firstMismatch: null });

const auditVerifyCommand = (dataDir: string) =>
  run(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/audit-verify.ts'], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, EXPEDIENTE_LANGUAGE: 'en' } }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );

describe("the previous release's audit trail", () => {
  it('verifies before it is migrated, in the library and in audit:verify', async () => {
    const sqlite = new Database(join(practice.dataDir, 'expediente.db'), { readonly: true });
    try {
      expect(sqlite.prepare("select count(*) from pragma_table_info('audit_events') where name = 'actor_name'").pluck().get()).toBe(0);
      expect(verifyAuditChain(sqlite, keyOf(practice.dataDir))).toEqual(intact(PREVIOUS_RELEASE_FACTS.auditRows));
    } finally {
      sqlite.close();
    }
    const command = await auditVerifyCommand(practice.dataDir);
    expect(command.stdout).toContain(`Audit chain intact: ${PREVIOUS_RELEASE_FACTS.auditRows} rows verified`);
    expect(command.code).toBe(0);
  });

  it('verifies after this release migrated it and wrote rows with names after the old ones', async () => {
    const db = openDatabase(join(practice.dataDir, 'expediente.db'));
    const app = await buildTestApp({ db, config: testConfig({ dataDir: practice.dataDir, jwtSecret: undefined }) });
    try {
      expect((await loginRequest(app, 'lucia.martinez@consultorio-demo.es', PREVIOUS_RELEASE_PASSWORD)).statusCode).toBe(200);
      const named = (await rawGet<{ value: number }>(db, 'select count(*) as value from audit_events where actor_name is not null'))!.value;
      expect(named).toBeGreaterThan(0);
      const rows = (await rawGet<{ value: number }>(db, 'select count(*) as value from audit_events'))!.value;
      expect(verifyAuditChain(sqliteEngineOf(db).writer, keyOf(practice.dataDir))).toEqual(intact(rows));
    } finally {
      await app.close();
    }
    const command = await auditVerifyCommand(practice.dataDir);
    expect(command.stdout).toContain('Audit chain intact');
    expect(command.code).toBe(0);
  });

  it("restores from the previous release's own backup with the chain reported intact", async () => {
    const summary = await restoreBackup({ archive: practice.backup, dataDir: join(root, `restored-${turn}`), passphrase: PREVIOUS_RELEASE_PASSPHRASE, practice: practiceForTests() });
    expect(summary).toMatchObject({ patients: PREVIOUS_RELEASE_FACTS.patients, documents: PREVIOUS_RELEASE_FACTS.documents });
    expect(summary.auditChain).toBe(`intact (${PREVIOUS_RELEASE_FACTS.auditRows} rows)`);
  });
});
