// What a database file lacks of this program's migrations, read without changing it: an older
// DATA_DIR is backed up before the server migrates it (packaged/upgrade-backup.ts), and a restored
// backup of older data is said to be so (backup/restore.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runtimePaths } from '../packaged/runtime-paths';
import { migrationsFolder as repositoryMigrations } from './client';
import { openSqlite } from './open-sqlite';

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

export interface DatabaseState {
  /** The tags of the migrations this program would apply, by drizzle's own rule (newer than the newest applied). */
  pending: string[];
  /**
   * 16 hex digits that change with anything written to the data: the newest migration applied and
   * the audit trail's last row (every change is audited in its own transaction, so a new row
   * follows every change). Two readings that agree saw the same data.
   */
  fingerprint: string;
}

/** The migrations folder this program migrates from: the binary's own, else the repository's drizzle/. */
export const migrationsInUse = (): string => runtimePaths.migrationsFolder ?? repositoryMigrations;

/**
 * The state of the database at `databasePath` against `migrationsFolder`; null for a database that
 * does not exist yet or was never migrated: there is nothing in it to lose.
 */
export function readDatabaseState(databasePath: string, migrationsFolder = migrationsInUse()): DatabaseState | null {
  if (!existsSync(databasePath)) return null;
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  // Read-write though it only reads: a read-only connection leaves the -wal and -shm files it made
  // behind, where the last connection to close removes them, so a start that is refused leaves the
  // directory as it found it. Nothing is written: with no WAL there is nothing to checkpoint.
  const sqlite = openSqlite(databasePath, { fileMustExist: true });
  try {
    const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
    if (!table) return null;
    const newest = sqlite.prepare('select max(created_at) from __drizzle_migrations').pluck().get() as number | null;
    if (newest === null) return null;
    const audited = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'audit_events'").get();
    const lastRow = audited ? sqlite.prepare('select id, chain from audit_events order by id desc limit 1').get() : undefined;
    return {
      pending: journal.entries.filter((entry) => entry.when > Number(newest)).map((entry) => entry.tag),
      fingerprint: createHash('sha256').update(JSON.stringify([newest, lastRow ?? null])).digest('hex').slice(0, 16),
    };
  } finally {
    sqlite.close();
  }
}
