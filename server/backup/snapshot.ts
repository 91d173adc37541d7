// A consistent copy of the live database, taken while the server runs and writes. Everything the
// archive needs to know about the data (counts, which blobs) is read from the copy, so it describes
// exactly the snapshot.
//
// A plain practice's: a read transaction on a connection of our own fixes one commit (WAL lets the
// server go on writing), and SQLite's backup API copies exactly that commit's pages, a few at a time
// so that an in-process server keeps answering. The transaction is ours even in-process: held on
// the server's own connection across awaits, it would swallow the server's writes into it.
// An encrypted practice's: VACUUM INTO under the practice's key, then rekeyed to the archive's
// one-time key (encrypted-snapshot.ts), so that no plaintext copy ever touches the disk.
import type Database from 'better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { computeAuditHead, type AuditHead } from '../audit/audit-head';
import { checkIntegrity } from '../db/integrity';
import { openSqlite } from '../db/open-sqlite';
import { openDatabaseFile } from '../encryption/database-file';
import { databaseKeyPragmas } from '../encryption/unlocked-practices';
import { copyEncryptedSnapshot } from './encrypted-snapshot';

/** The database failed SQLite's quick_check: nothing was backed up. */
export class DamagedDatabase extends Error {
  constructor(problems: string[]) {
    super(
      `The database is damaged (SQLite quick_check: ${problems.slice(0, 3).join('; ')}); no backup was written, so the last good ` +
        'backup stays the newest. Stop the server and restore that backup (npm run restore).',
    );
    this.name = 'DamagedDatabase';
  }
}

export interface SnapshotContents {
  patients: number;
  tables: number;
  rows: number;
  /** Every document row's blob and plaintext size. */
  blobs: { blobName: string; size: number }[];
  /** The audit trail's head in the copy (null while no row is chained): restore checks the copy against it. */
  auditHead: AuditHead | null;
}

export interface SnapshotOptions {
  /** The snapshot's one-time key, for an encrypted practice's database; null for a plain one. */
  snapshotKey: Buffer | null;
  /** Called with the snapshot before it is archived (tests compare it with the restore). */
  onSnapshot?: (snapshot: Database.Database) => void;
}

/**
 * `pinReferenced` secures the blobs the snapshot's rows name (backup.ts): for a plain practice's
 * the moment the snapshot is fixed, before the copy; for an encrypted practice's once the copy is
 * whole, the backup pinning blobs as they appear meanwhile.
 */
export async function snapshotDatabase(
  databasePath: string,
  snapshotPath: string,
  pinReferenced: (blobNames: string[]) => Promise<void>,
  options: SnapshotOptions,
): Promise<SnapshotContents> {
  // Made private before a byte of the copy is in it (SQLite keeps an existing file's mode).
  closeSync(openSync(snapshotPath, 'wx', 0o600));
  const liveKey = databaseKeyPragmas(databasePath);
  if (options.snapshotKey && liveKey) await copyEncryptedSnapshot(databasePath, liveKey, snapshotPath, options.snapshotKey);
  else await copyPlainSnapshot(databasePath, snapshotPath, pinReferenced);
  // VACUUM INTO names no blobs as it starts: those of its copy are secured once it is whole, and one
  // deleted meanwhile is found and answered as backup.ts says.
  return describeSnapshot(snapshotPath, options, options.snapshotKey ? pinReferenced : undefined);
}

/**
 * Checks a finished snapshot and reads what the archive says of it: its integrity, its counts, the
 * blobs it names (handed to `pinCopied` when given) and its audit head. Any engine's snapshot.
 */
export async function describeSnapshot(
  snapshotPath: string,
  options: SnapshotOptions,
  pinCopied?: (blobNames: string[]) => Promise<void>,
): Promise<SnapshotContents> {
  const snapshot = openDatabaseFile(snapshotPath, options.snapshotKey);
  try {
    // A damaged database is not backed up: the last good backup stays the newest one.
    const integrity = checkIntegrity(snapshot);
    if (!integrity.ok) throw new DamagedDatabase(integrity.problems);
    // One self-contained file in the archive; the server turns WAL back on when it opens it.
    snapshot.pragma('journal_mode = DELETE');
    const blobs = snapshot.prepare('select blob_name as blobName, size from files order by id').all() as SnapshotContents['blobs'];
    if (pinCopied) await pinCopied(blobs.map((blob) => blob.blobName));
    const tables = snapshot
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    let rows = 0;
    for (const table of tables) rows += snapshot.prepare(`select count(*) from "${table.replaceAll('"', '""')}"`).pluck().get() as number;
    const patients = snapshot.prepare('select count(*) from patients').pluck().get() as number;
    const auditHead = computeAuditHead(snapshot);
    options.onSnapshot?.(snapshot);
    return { patients, tables: tables.length, rows, blobs, auditHead };
  } finally {
    snapshot.close();
  }
}

/** The blobs are pinned as soon as the read transaction fixes the snapshot, before the copy. */
async function copyPlainSnapshot(databasePath: string, snapshotPath: string, pinReferenced: (blobNames: string[]) => Promise<void>): Promise<void> {
  const reader = openSqlite(databasePath, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 5000');
    reader.exec('BEGIN');
    try {
      // The transaction's first read fixes the snapshot.
      await pinReferenced(reader.prepare('select blob_name from files').pluck().all() as string[]);
      await reader.backup(snapshotPath);
    } finally {
      reader.exec('COMMIT');
    }
  } finally {
    reader.close();
  }
}
