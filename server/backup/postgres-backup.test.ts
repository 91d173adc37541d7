// Backups on PostgreSQL, on a real cluster and with real archives: the demo practice copied into a
// database, backed up from there by the commands, and restored into a fresh database; an archive from
// PostgreSQL restored on SQLite and one from SQLite restored on PostgreSQL; a database that holds data,
// and a wrong passphrase, refused with nothing changed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackupRun } from '../../shared/backup-status';
import { verifyAuditChainIn } from '../audit/audit-chain';
import { readAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { seedDemoPractice } from '../commands/demo/practice';
import { copyPracticeToPostgres } from './copy-practice-to-postgres';
import { engineOf } from '../db/engine';
import { openSqlite } from '../db/open-sqlite';
import { postgresDatabase } from '../db/postgres-engine';
import { isPlainDatabaseFile } from '../encryption/database-file';
import { unlockForCommand } from '../encryption/unlock-for-command';
import { peekSecretFile } from '../secrets';
import { buildTestApp, testConfig } from '../test/helpers';
import { postgresUnreachable, type FreshPostgresDatabase } from '../test/postgres-database';
import type { ScryptParams } from './archive-format';
import { createBackup } from './backup';
import { createPostgresBackup } from './postgres-backup';
import { verifyChainOnConnection } from './postgres-chain-check';
import { postgresRows, temporaryPracticePlaces } from './postgres-copies.fixture';
import { restoreBackup, RestoreRefused } from './restore';
import { seedDecade } from '../../scripts/bench/decade/seed-decade';

const { freshDir, freshDatabase } = temporaryPracticePlaces('expediente-pg-backup-');
const TEST_SCRYPT: ScryptParams = { log2N: 10, r: 8, p: 1 };
const BACKUP_PASSPHRASE = 'frase larga de las copias de la red';
const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}.ts`, import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every table's count and every document blob's digest: what two copies of one practice must share. */
async function postgresContents(url: string): Promise<{ counts: Record<string, number>; blobs: Record<string, string> }> {
  const tables = await postgresRows<{ name: string }>(url, "select table_name as name from information_schema.tables where table_schema = 'public' order by 1");
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number((await postgresRows<{ n: string }>(url, `select count(*) as n from "${name}"`))[0]!.n);
  const blobs = Object.fromEntries(
    (await postgresRows<{ name: string; content: Buffer }>(url, 'select name, content from document_blobs')).map((row) => [row.name, sha256(row.content)]),
  );
  return { counts, blobs };
}

/** A SQLite DATA_DIR's counts, by the PostgreSQL table names (its blobs are files, not document_blobs rows). */
function sqliteCounts(dataDir: string): Record<string, number> {
  const sqlite = openSqlite(join(dataDir, 'expediente.db'), { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and sql not like 'CREATE VIRTUAL%'")
      .pluck()
      .all() as string[];
    const counts: Record<string, number> = {};
    for (const table of tables.filter((name) => !/^(patient_search|diagnoses_fts)_/.test(name))) {
      counts[table] = sqlite.prepare(`select count(*) from "${table}"`).pluck().get() as number;
    }
    counts.patient_search = sqlite.prepare('select count(*) from patient_search').pluck().get() as number;
    counts.document_blobs = readdirSync(join(dataDir, 'documents')).length;
    return counts;
  } finally {
    sqlite.close();
  }
}

/** The chain recomputed on PostgreSQL with the restored directory's key, against its sealed head. */
async function verifiedOnPostgres(url: string, dataDir: string): Promise<number> {
  const key = peekSecretFile(join(dataDir, AUDIT_KEY_FILE));
  const db = postgresDatabase(url, { connections: 1 });
  try {
    const chain = await verifyAuditChainIn(db, key, readAuditHead(dataDir, key));
    expect(chain.problem ?? null).toBeNull();
    return chain.verified;
  } finally {
    await engineOf(db).close();
  }
}

function run(name: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script(name), ...args], {
    env: { ...process.env, EXPEDIENTE_LANGUAGE: 'en', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(await postgresUnreachable())('backup and restore on PostgreSQL', () => {
  let practiceDir: string;
  let passphrase: string;
  let source: FreshPostgresDatabase;
  let sourceContents: Awaited<ReturnType<typeof postgresContents>>;
  let postgresArchive: string;
  let sqliteArchive: string;
  const practice = () => ({ credential: async () => ({ passphrase }) });

  beforeAll(async () => {
    practiceDir = freshDir();
    passphrase = (await seedDemoPractice(testConfig({ dataDir: practiceDir, jwtSecret: undefined }))).passphrase.value;
    await unlockForCommand(practiceDir, { env: { PASSPHRASE: passphrase } });
    source = await freshDatabase();
    await copyPracticeToPostgres(practiceDir, source.url);
    sourceContents = await postgresContents(source.url);
    postgresArchive = join(freshDir(), 'network.backup');
    let snapshotPlain: boolean | undefined;
    await createPostgresBackup(
      { dataDir: practiceDir, databaseUrl: source.url, outFile: postgresArchive, passphrase: BACKUP_PASSPHRASE },
      { scrypt: TEST_SCRYPT, onSnapshot: (snapshot) => (snapshotPlain = isPlainDatabaseFile(snapshot.name)) },
    );
    // An encrypted practice's snapshot is under the archive's key from its first page.
    expect(snapshotPlain).toBe(false);
    sqliteArchive = join(freshDir(), 'practice.backup');
    await createBackup({ dataDir: practiceDir, outFile: sqliteArchive, passphrase: BACKUP_PASSPHRASE }, { scrypt: TEST_SCRYPT });
  }, 180_000);

  it('backs up with the commands and restores into a fresh database: the same counts, documents and verified chain', async () => {
    expect(sourceContents.counts.patients).toBeGreaterThan(0);
    expect(Object.keys(sourceContents.blobs).length).toBeGreaterThan(0);
    const archive = join(freshDir(), 'by-command.backup');
    const backedUp = run('backup', ['--out', archive], { DATA_DIR: practiceDir, DATABASE_URL: source.url, BACKUP_PASSPHRASE, PASSPHRASE: passphrase });
    expect(backedUp.status, backedUp.output).toBe(0);
    const target = await freshDatabase();
    const keysDir = join(freshDir(), 'restored');
    const restored = run('restore', [archive, '--data-dir', keysDir, '--database-url', target.url], { BACKUP_PASSPHRASE, PASSPHRASE: passphrase });
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/intact/);
    expect(restored.output).toContain(`PostgreSQL database ${target.name}`);
    expect(await postgresContents(target.url)).toEqual(sourceContents);
    // The directory receives the keys alone.
    expect(readdirSync(keysDir).sort()).toEqual(['audit-head', 'audit-key', 'document-key', 'practice-key', 'totp-key']);
    await unlockForCommand(keysDir, { env: { PASSPHRASE: passphrase } });
    expect(await verifiedOnPostgres(target.url, keysDir)).toBe(sourceContents.counts.audit_events);
  }, 180_000);

  it('restores an archive made on PostgreSQL on SQLite, as any archive', async () => {
    const dataDir = join(freshDir(), 'restored');
    const summary = await restoreBackup({ archive: postgresArchive, dataDir, passphrase: BACKUP_PASSPHRASE, practice: practice() });
    expect(summary.auditChain).toMatch(/intact/);
    const { document_blobs: blobs, ...counts } = sqliteCounts(dataDir);
    const { document_blobs: sourceBlobs, ...expected } = sourceContents.counts;
    expect(counts).toEqual(expected);
    expect(blobs).toBe(Object.keys(sourceContents.blobs).length);
    expect(sqliteCounts(dataDir)).toEqual({ ...sqliteCounts(practiceDir), document_blobs: sourceBlobs });
    // The search index is built from the copied rows: a patient is found by a piece of their name.
    const sqlite = openSqlite(join(dataDir, 'expediente.db'), { readonly: true });
    try {
      const { lname } = sqlite.prepare('select u.lname from patients p join users u on u.id = p.user_id limit 1').get() as { lname: string };
      const found = sqlite.prepare('select count(*) from patient_search where patient_search match ?').pluck().get(`"${lname.slice(0, 4).toLowerCase()}"`) as number;
      expect(found).toBeGreaterThan(0);
    } finally {
      sqlite.close();
    }
  }, 120_000);

  it('restores an archive made on SQLite into PostgreSQL', async () => {
    const target = await freshDatabase();
    const dataDir = join(freshDir(), 'restored');
    const summary = await restoreBackup({ archive: sqliteArchive, dataDir, passphrase: BACKUP_PASSPHRASE, practice: practice(), databaseUrl: target.url });
    expect(summary.auditChain).toMatch(/intact/);
    expect(existsSync(join(dataDir, 'expediente.db'))).toBe(false);
    expect(await postgresContents(target.url)).toEqual(sourceContents);
    expect(await verifiedOnPostgres(target.url, dataDir)).toBe(sourceContents.counts.audit_events);
    // The check the copy passes before its commit finds a row altered since.
    const key = peekSecretFile(join(dataDir, AUDIT_KEY_FILE));
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      expect((await verifyChainOnConnection(client, key, readAuditHead(dataDir, key))).problem).toBeUndefined();
      await client.query('set session_replication_role = replica');
      await client.query("update audit_events set detail = 'altered' where id = (select min(id) from audit_events where chain is not null)");
      expect((await verifyChainOnConnection(client, key, readAuditHead(dataDir, key))).problem?.kind).toBe('altered');
    } finally {
      await client.end();
    }
  }, 120_000);

  it('refuses a database that holds data, naming it, and changes nothing', async () => {
    const dataDir = join(freshDir(), 'restored');
    const attempt = restoreBackup({ archive: postgresArchive, dataDir, passphrase: BACKUP_PASSPHRASE, practice: practice(), databaseUrl: source.url });
    await expect(attempt).rejects.toBeInstanceOf(RestoreRefused);
    await expect(attempt).rejects.toThrow(new RegExp(`${source.name}.*already holds data`));
    expect(existsSync(dataDir)).toBe(false);
    expect(await postgresContents(source.url)).toEqual(sourceContents);
  });

  it('changes nothing on a wrong passphrase', async () => {
    const target = await freshDatabase();
    const dataDir = join(freshDir(), 'restored');
    await expect(restoreBackup({ archive: postgresArchive, dataDir, passphrase: 'not the backup passphrase', practice: practice(), databaseUrl: target.url })).rejects.toThrow(
      /passphrase/i,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(await postgresRows(target.url, "select table_name from information_schema.tables where table_schema = 'public'")).toEqual([]);
  });

  it('refuses to back up with a directory that is not one of the servers\' DATA_DIR', async () => {
    const dir = freshDir();
    const outFile = join(dir, 'none.backup');
    await expect(createPostgresBackup({ dataDir: dir, databaseUrl: source.url, outFile, passphrase: BACKUP_PASSPHRASE }, { scrypt: TEST_SCRYPT })).rejects.toThrow(/audit-key/);
    expect(existsSync(outFile)).toBe(false);
  });

  it('backs up a plain practice on PostgreSQL and restores it into a fresh database under a new practice key', async () => {
    const dataDir = freshDir();
    await seedDecade({ dataDir, years: 1, scale: 0.0005, progress: () => {} });
    const plain = await freshDatabase();
    await copyPracticeToPostgres(dataDir, plain.url);
    const archive = join(freshDir(), 'plain.backup');
    let snapshotPlain: boolean | undefined;
    const options = { dataDir, databaseUrl: plain.url, outFile: archive, passphrase: BACKUP_PASSPHRASE };
    await createPostgresBackup(options, { scrypt: TEST_SCRYPT, onSnapshot: (snapshot) => (snapshotPlain = isPlainDatabaseFile(snapshot.name)) });
    expect(snapshotPlain).toBe(true);
    const target = await freshDatabase();
    const keysDir = join(freshDir(), 'restored');
    const summary = await restoreBackup({ archive, dataDir: keysDir, passphrase: BACKUP_PASSPHRASE, practice: practice(), databaseUrl: target.url });
    expect(summary.practiceKey).toBe('new');
    expect(summary.auditChain).toMatch(/intact/);
    expect(await postgresContents(target.url)).toEqual(await postgresContents(plain.url));
    expect(await verifiedOnPostgres(target.url, keysDir)).toBeGreaterThan(0);
  }, 120_000);

  // Last: a server started on the source database may write to it (sessions pruned at start).
  it('writes scheduled backups when a server on PostgreSQL has BACKUP_DIR, each of which restores', async () => {
    const backupDir = join(freshDir(), 'backups');
    const backup = { dir: backupDir, everyHours: 24, keep: 2, passphrase: BACKUP_PASSPHRASE };
    const app = await buildTestApp({ db: postgresDatabase(source.url), config: testConfig({ dataDir: practiceDir, databaseUrl: source.url, backup }) });
    let run: BackupRun;
    try {
      run = await app.deps.backups.runNow();
    } finally {
      await app.close();
    }
    expect(run.ok, run.message ?? '').toBe(true);
    const dataDir = join(freshDir(), 'restored');
    const summary = await restoreBackup({ archive: run.file!, dataDir, passphrase: BACKUP_PASSPHRASE, practice: practice() });
    expect(summary.auditChain).toMatch(/intact/);
    expect(summary.patients).toBe(sourceContents.counts.patients);
  }, 60_000);
});
