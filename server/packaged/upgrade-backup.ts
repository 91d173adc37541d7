// A newer binary started on an older DATA_DIR migrates its database at start. Migrations cannot be
// undone, so before one runs the binary writes an encrypted backup (under BACKUP_PASSPHRASE) to
// BACKUP_DIR, else beside DATA_DIR, and without a passphrase it refuses to start unless told
// `--no-backup`. `npm start` does not do this: a developer's tree migrates as it always did.
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createBackup } from '../backup/backup';

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

/**
 * The tags of the migrations `migrationsFolder` holds that the database has not had, by drizzle's own
 * rule (a migration is applied when it is newer than the newest one applied). None for a database
 * that does not exist yet or was never migrated: there is nothing in it to lose.
 */
export function pendingMigrations(databasePath: string, migrationsFolder: string): string[] {
  if (!existsSync(databasePath)) return [];
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
    if (!table) return [];
    const newest = sqlite.prepare('select max(created_at) from __drizzle_migrations').pluck().get() as number | null;
    if (newest === null) return [];
    return journal.entries.filter((entry) => entry.when > Number(newest)).map((entry) => entry.tag);
  } finally {
    sqlite.close();
  }
}

export class UpgradeRefused extends Error {}

/** Backs DATA_DIR up when this binary is about to migrate it; throws UpgradeRefused when it may not. */
export async function backUpBeforeMigrating(options: {
  dataDir: string;
  migrationsFolder: string;
  version: string;
  noBackup: boolean;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}): Promise<void> {
  const pending = pendingMigrations(join(options.dataDir, 'expediente.db'), options.migrationsFolder);
  if (pending.length === 0 || options.noBackup) return;
  const passphrase = options.env.BACKUP_PASSPHRASE;
  const backupDir = options.env.BACKUP_DIR || dirname(resolve(options.dataDir));
  if (!passphrase) {
    throw new UpgradeRefused(
      `Expediente ${options.version} must migrate the database in ${options.dataDir} (${pending.join(', ')}), which cannot be undone. ` +
        `Set BACKUP_PASSPHRASE to have an encrypted backup written to ${backupDir} first, or start with --no-backup to migrate without one.`,
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outFile = join(backupDir, `expediente-before-${options.version}-${stamp}.backup`);
  const summary = await createBackup({ dataDir: options.dataDir, outFile, passphrase, masterKey: options.env.MASTER_KEY || undefined });
  options.log(`Before migrating (${pending.join(', ')}): wrote ${summary.file}, ${summary.patients} patients, ${summary.documents} documents.`);
}
