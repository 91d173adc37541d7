// A newer binary on an older DATA_DIR: backed up before it is migrated, or refused without a
// passphrase unless --no-backup (upgrade-backup.ts). "Newer" is a copy of drizzle/ with one more
// migration in its journal.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../db/client';
import { ensureDataDir } from '../secrets';
import { backUpBeforeMigrating, pendingMigrations, UpgradeRefused } from './upgrade-backup';

let root: string;
let dataDir: string;
let newerMigrations: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'expediente-upgrade-'));
  dataDir = join(root, 'data');
  ensureDataDir(dataDir);
  openDatabase(join(dataDir, 'expediente.db')).$client.close();
  newerMigrations = join(root, 'drizzle');
  cpSync(migrationsFolder, newerMigrations, { recursive: true });
  const journalFile = join(newerMigrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ when: number; tag: string }> };
  journal.entries.push({ ...journal.entries.at(-1)!, when: journal.entries.at(-1)!.when + 1, tag: '9999_future' });
  writeFileSync(journalFile, JSON.stringify(journal));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const attempt = (env: NodeJS.ProcessEnv, noBackup = false) =>
  backUpBeforeMigrating({ dataDir, migrationsFolder: newerMigrations, version: '9.9.9', noBackup, env, log: () => {} });

describe('pendingMigrations', () => {
  it('finds none for the migrations the database already had, or for a database not made yet', () => {
    expect(pendingMigrations(join(dataDir, 'expediente.db'), migrationsFolder)).toEqual([]);
    expect(pendingMigrations(join(root, 'nowhere', 'expediente.db'), newerMigrations)).toEqual([]);
  });

  it('names the newer ones', () => {
    expect(pendingMigrations(join(dataDir, 'expediente.db'), newerMigrations)).toEqual(['9999_future']);
  });
});

describe('backUpBeforeMigrating', () => {
  it('refuses without BACKUP_PASSPHRASE, saying how to go on', async () => {
    await expect(attempt({})).rejects.toThrow(UpgradeRefused);
    await expect(attempt({})).rejects.toThrow(/BACKUP_PASSPHRASE.*--no-backup/);
  });

  it('lets --no-backup migrate without one', async () => {
    await expect(attempt({}, true)).resolves.toBeUndefined();
  });

  it('writes an encrypted backup to BACKUP_DIR first', async () => {
    const backupDir = mkdtempSync(join(root, 'backups-'));
    await attempt({ BACKUP_PASSPHRASE: 'frase-de-copia-larga-2025', BACKUP_DIR: backupDir });
    const written = readdirSync(backupDir).filter((name) => name.startsWith('expediente-before-9.9.9-'));
    expect(written).toHaveLength(1);
    expect(existsSync(join(backupDir, written[0]!))).toBe(true);
  });
});
