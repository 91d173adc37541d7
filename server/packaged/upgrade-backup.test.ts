// A newer binary on an older DATA_DIR: backed up before it is migrated, or refused without a
// passphrase unless --no-backup (upgrade-backup.ts); one backup per release and state of the data.
// "Newer" is a copy of drizzle/ with one more migration in its journal.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';
import { readDatabaseState } from '../db/pending-migrations';
import { forgetPracticeKey } from '../encryption/unlocked-practices';
import { ensureDataDir } from '../secrets';
import { encryptedPracticeForTests } from '../test/encrypted-practice';
import { backUpBeforeMigrating, UpgradeRefused, upgradeFinished } from './upgrade-backup';

const PASSPHRASE = 'frase-de-copia-larga-2025';
let root: string;
let dataDir: string;
let newerMigrations: string;
let backupDir: string;
let log: string[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'expediente-upgrade-'));
  dataDir = join(root, 'data');
  ensureDataDir(dataDir);
  sqliteEngineOf(openDatabase(join(dataDir, 'expediente.db'))).close();
  newerMigrations = join(root, 'drizzle');
  cpSync(migrationsFolder, newerMigrations, { recursive: true });
  const journalFile = join(newerMigrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ when: number; tag: string }> };
  journal.entries.push({ ...journal.entries.at(-1)!, when: journal.entries.at(-1)!.when + 1, tag: '9999_future' });
  writeFileSync(journalFile, JSON.stringify(journal));
});

beforeEach(() => {
  backupDir = mkdtempSync(join(root, 'backups-'));
  log = [];
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const attempt = (env: NodeJS.ProcessEnv, noBackup = false) =>
  backUpBeforeMigrating({ dataDir, migrationsFolder: newerMigrations, release: '9.9.9+abcdef123456', noBackup, env, log: (line) => log.push(line) });
const backups = () => readdirSync(backupDir).filter((name) => name.endsWith('.backup'));
const withPassphrase = (language = 'en') => ({ BACKUP_PASSPHRASE: PASSPHRASE, BACKUP_DIR: backupDir, EXPEDIENTE_LANGUAGE: language });

/** A change to the data, as any audited write makes one. */
async function writeSomething(): Promise<void> {
  const db = openDatabase(join(dataDir, 'expediente.db'));
  await rawRun(db, "insert into audit_events (at, actor_type, action, outcome) values (?, 'anonymous', 'auth.login', 'failure')", [new Date().toISOString()]);
  sqliteEngineOf(db).close();
}

describe('readDatabaseState', () => {
  it('finds nothing pending for the migrations the database already had, and no state for a database not made yet', () => {
    expect(readDatabaseState(join(dataDir, 'expediente.db'), migrationsFolder)?.pending).toEqual([]);
    expect(readDatabaseState(join(root, 'nowhere', 'expediente.db'), newerMigrations)).toBeNull();
  });

  it('names the newer ones, and its fingerprint changes with a write', async () => {
    const before = readDatabaseState(join(dataDir, 'expediente.db'), newerMigrations)!;
    expect(before.pending).toEqual(['9999_future']);
    expect(readDatabaseState(join(dataDir, 'expediente.db'), newerMigrations)!.fingerprint).toBe(before.fingerprint);
    await writeSomething();
    expect(readDatabaseState(join(dataDir, 'expediente.db'), newerMigrations)!.fingerprint).not.toBe(before.fingerprint);
  });
});

describe('backUpBeforeMigrating', () => {
  it('refuses without BACKUP_PASSPHRASE, in Spanish by default and in English when asked, saying how to go on', async () => {
    await expect(attempt({ LANG: 'C.UTF-8' })).rejects.toThrow(UpgradeRefused);
    await expect(attempt({ LANG: 'C.UTF-8' })).rejects.toThrow(/No se ha cambiado nada[\s\S]*BACKUP_PASSPHRASE[\s\S]*--no-backup/);
    await expect(attempt({ LANG: 'en_GB.UTF-8' })).rejects.toThrow(/Nothing was changed[\s\S]*BACKUP_PASSPHRASE[\s\S]*--no-backup/);
    await expect(attempt({ LANG: 'es_MX.UTF-8', EXPEDIENTE_LANGUAGE: 'en' })).rejects.toThrow(/Nothing was changed/);
    // The practice reads what to do, not the names of the migrations.
    await expect(attempt({})).rejects.not.toThrow(/9999_future/);
    expect(backups()).toEqual([]);
  });

  it('lets --no-backup migrate without one, and says so', async () => {
    await expect(attempt({ EXPEDIENTE_LANGUAGE: 'es' }, true)).resolves.toEqual({ backupFile: null });
    expect(log.join('\n')).toMatch(/sin copia previa \(--no-backup\)/);
    expect(backups()).toEqual([]);
  });

  it('writes one encrypted backup named after the release, and reuses it while the data have not changed', async () => {
    const first = await attempt(withPassphrase());
    expect(backups()).toEqual([expect.stringMatching(/^expediente-before-9\.9\.9\+abcdef123456-[0-9a-f]{16}\.backup$/)]);
    expect(first).toEqual({ backupFile: join(backupDir, backups()[0]!), plain: true });
    const written = statSync(first!.backupFile!).mtimeMs;
    // A start that died after its backup, started again: the same file, not another.
    for (let start = 0; start < 3; start += 1) expect(await attempt(withPassphrase())).toEqual(first);
    expect(backups()).toHaveLength(1);
    expect(statSync(first!.backupFile!).mtimeMs).toBe(written);
    expect(log.at(-1)).toMatch(/have not changed since the backup/);
  });

  it('replaces it when the data changed since (the earlier release ran on meanwhile)', async () => {
    const first = await attempt(withPassphrase());
    await writeSomething();
    const second = await attempt(withPassphrase());
    expect(second!.backupFile).not.toBe(first!.backupFile);
    expect(backups()).toEqual([second!.backupFile!.slice(backupDir.length + 1)]);
  });

  it("writes none on a clinic network's PostgreSQL database, even a DATA_DIR file's, and says the cluster's tools back it up", async () => {
    // A DATA_DIR whose older file stayed behind (a practice moved to PostgreSQL): not the data served.
    await expect(attempt({ ...withPassphrase(), DATABASE_URL: 'postgres://expediente@db.clinic/expediente' })).resolves.toBeNull();
    await expect(attempt({ DATABASE_URL: 'postgres://expediente@db.clinic/expediente', EXPEDIENTE_LANGUAGE: 'es' })).resolves.toBeNull();
    expect(backups()).toEqual([]);
    expect(log[0]).toMatch(/PostgreSQL[\s\S]*no backup[\s\S]*pg_dump/);
    expect(log[1]).toMatch(/PostgreSQL[\s\S]*no escribe copia[\s\S]*pg_dump/);
  });

  it('says when the upgrade is done and which command goes back, in both languages', () => {
    const options = { dataDir, release: '9.9.9+abcdef123456', binary: '/opt/expediente/expediente' };
    const backupFile = join(backupDir, 'expediente-before-9.9.9+abcdef123456-0123456789abcdef.backup');
    const english = upgradeFinished({ backupFile }, { ...options, env: { EXPEDIENTE_LANGUAGE: 'en' } });
    expect(english).toContain('Upgrade finished');
    expect(english).toContain(`/opt/expediente/expediente restore ${backupFile} --data-dir ${dataDir} --force`);
    expect(upgradeFinished({ backupFile }, { ...options, env: {} })).toMatch(/^Actualización terminada.*Para volver atrás/);
    expect(upgradeFinished({ backupFile: null }, { ...options, env: {} })).toContain('--no-backup');
    // A practice that was not encrypted goes back as it was: the release before encryption reads nothing else.
    expect(upgradeFinished({ backupFile, plain: true }, { ...options, env: {} })).toContain(`--data-dir ${dataDir} --force --unencrypted`);
  });
});

describe('the backup before upgrading an encrypted practice', () => {
  it('is written under the practice key the start unlocked, with no file in the clear; a practice left locked is for its unlock to check', async () => {
    const encryptedDir = join(root, 'encrypted');
    ensureDataDir(encryptedDir);
    await encryptedPracticeForTests(encryptedDir);
    const db = openDatabase(join(encryptedDir, 'expediente.db'));
    await rawRun(db, "insert into audit_events (at, actor_type, action, outcome, ip) values (?, 'anonymous', 'auth.login', 'failure', 'Quintanilla')", [new Date().toISOString()]);
    sqliteEngineOf(db).close();
    const upgrade = (env: NodeJS.ProcessEnv) =>
      backUpBeforeMigrating({ dataDir: encryptedDir, migrationsFolder: newerMigrations, release: '9.9.9+abcdef123456', noBackup: false, env, log: (line) => log.push(line) });

    const written = await upgrade(withPassphrase());
    expect(written!.backupFile).toMatch(/expediente-before-9\.9\.9\+abcdef123456-[0-9a-f]{16}\.backup$/);
    for (const dir of [encryptedDir, backupDir]) {
      for (const name of readdirSync(dir, { recursive: true }).map(String)) {
        const path = join(dir, name);
        if (statSync(path).isFile()) expect(readFileSync(path).includes(Buffer.from('Quintanilla')), name).toBe(false);
      }
    }

    forgetPracticeKey(encryptedDir);
    rmSync(written!.backupFile!);
    expect(await upgrade(withPassphrase())).toBeNull();
    expect(backups()).toEqual([]);
  });
});
