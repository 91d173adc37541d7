// `npm run migrate-to-postgres` on the demo practice and on a small decade, run as a practice runs it:
// every table's count the same on both engines, every document identical byte for byte, and the
// audit trail verified on PostgreSQL by `npm run audit:verify` with DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDemoPractice } from '../server/commands/demo/practice';
import { openSqlite } from '../server/db/open-sqlite';
import { unlockForCommand } from '../server/encryption/unlock-for-command';
import { forgetPracticeKey } from '../server/encryption/unlocked-practices';
import { testConfig } from '../server/test/helpers';
import { postgresRows, temporaryPracticePlaces } from '../server/backup/postgres-copies.fixture';
import { postgresUnreachable, type FreshPostgresDatabase } from '../server/test/postgres-database';
import { DECADE_PASSPHRASE, seedDecade } from './bench/decade/seed-decade';

const { freshDir, freshDatabase } = temporaryPracticePlaces('expediente-migrate-');

/** An npm run entry, as a practice runs it (its own process, the passphrase in the environment). */
function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', `${script}.ts`), ...args], {
    env: { ...process.env, EXPEDIENTE_LANGUAGE: 'en', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Checks what a copy must hold: the same count in every table, the same bytes for every document. */
async function expectSameTrail(dataDir: string, database: FreshPostgresDatabase, passphrase: string): Promise<void> {
  await unlockForCommand(dataDir, { env: { PASSPHRASE: passphrase } });
  const sqlite = openSqlite(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    const tables = (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and sql not like 'CREATE VIRTUAL%'").pluck().all() as string[])
      .filter((name) => !/^(patient_search|diagnoses_fts)_/.test(name));
    expect(tables.length).toBeGreaterThan(30);
    for (const table of tables) {
      const [{ n }] = (await postgresRows(database.url, `select count(*) as n from "${table}"`)) as [{ n: string }];
      const expected = sqlite.prepare(`select count(*) from "${table}"`).pluck().get() as number;
      expect({ table, rows: Number(n) }).toEqual({ table, rows: table === 'document_blobs' ? expected + Number(sqlite.prepare('select count(*) from files').pluck().get()) : expected });
    }
    const documents = sqlite.prepare('select blob_name from files').pluck().all() as string[];
    expect(documents.length).toBeGreaterThan(0);
    const stored = new Map((await postgresRows(database.url, 'select name, content from document_blobs')).map((row) => [row.name as string, row.content as Buffer]));
    for (const name of documents) expect(stored.get(name)?.equals(readFileSync(join(dataDir, 'documents', name))), name).toBe(true);
  } finally {
    sqlite.close();
  }
  const verified = run('audit-verify', [], { DATA_DIR: dataDir, DATABASE_URL: database.url, PASSPHRASE: passphrase });
  expect(verified.output).toMatch(/intact/i);
  expect(verified.status).toBe(0);
}

describe.skipIf(await postgresUnreachable())('npm run migrate-to-postgres', () => {
  it('copies the demo practice: the same counts, the same documents, the audit trail verified', async () => {
    const dataDir = freshDir();
    const demo = await seedDemoPractice(testConfig({ dataDir, jwtSecret: undefined }));
    forgetPracticeKey(dataDir);
    const database = await freshDatabase();
    const copied = run('migrate-to-postgres', ['--data-dir', dataDir, '--database-url', database.url], { PASSPHRASE: demo.passphrase.value });
    expect(copied.output).toMatch(/identical byte for byte/);
    expect(copied.status, copied.output).toBe(0);
    await expectSameTrail(dataDir, database, demo.passphrase.value);
  }, 180_000);

  it('copies a small decade the same way', async () => {
    const dataDir = freshDir();
    await seedDecade({ dataDir, years: 10, scale: 0.0005, progress: () => {}, passphrase: DECADE_PASSPHRASE });
    forgetPracticeKey(dataDir);
    const database = await freshDatabase();
    const copied = run('migrate-to-postgres', ['--data-dir', dataDir, '--database-url', database.url], { PASSPHRASE: DECADE_PASSPHRASE });
    expect(copied.status, copied.output).toBe(0);
    await expectSameTrail(dataDir, database, DECADE_PASSPHRASE);
  }, 180_000);

  it('refuses a database that already holds a practice, and changes nothing there', async () => {
    const dataDir = freshDir();
    await seedDecade({ dataDir, years: 1, scale: 0.0005, progress: () => {}, passphrase: DECADE_PASSPHRASE });
    forgetPracticeKey(dataDir);
    const database = await freshDatabase();
    expect(run('migrate-to-postgres', ['--data-dir', dataDir, '--database-url', database.url], { PASSPHRASE: DECADE_PASSPHRASE }).status).toBe(0);
    const before = await postgresRows(database.url, 'select count(*) as n from audit_events');
    const again = run('migrate-to-postgres', ['--data-dir', dataDir, '--database-url', database.url], { PASSPHRASE: DECADE_PASSPHRASE });
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/already holds data/);
    expect(await postgresRows(database.url, 'select count(*) as n from audit_events')).toEqual(before);
  }, 180_000);
});
