// A consistent copy of the live database, taken while the server runs and writes. A read
// transaction on a connection of our own fixes one commit (WAL lets the server go on writing), and
// SQLite's backup API copies exactly that commit's pages, a few at a time so that an in-process
// server keeps answering. The transaction is ours even in-process: held on the server's own
// connection across awaits, it would swallow the server's writes into it.
// Everything the archive needs to know about the data (counts, which blobs) is read from the copy
// or inside the same transaction, so it describes exactly the snapshot.
import Database from 'better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { computeAuditHead, type AuditHead } from '../audit/audit-head';
import { checkIntegrity } from '../db/integrity';

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

/**
 * `pinReferenced` receives the blob names the snapshot's rows name as soon as the snapshot is
 * fixed (before the copy), so their files can be secured while the server may still delete them.
 */
export async function snapshotDatabase(
  databasePath: string,
  snapshotPath: string,
  pinReferenced: (blobNames: string[]) => Promise<void>,
  onSnapshot?: (snapshot: Database.Database) => void,
): Promise<SnapshotContents> {
  const reader = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 5000');
    reader.exec('BEGIN');
    try {
      // The transaction's first read fixes the snapshot.
      await pinReferenced(reader.prepare('select blob_name from files').pluck().all() as string[]);
      // Made private before a byte of the copy is in it (SQLite keeps an existing file's mode).
      closeSync(openSync(snapshotPath, 'wx', 0o600));
      await reader.backup(snapshotPath);
    } finally {
      reader.exec('COMMIT');
    }
  } finally {
    reader.close();
  }
  const snapshot = new Database(snapshotPath);
  try {
    // A damaged database is not backed up: the last good backup stays the newest one.
    const integrity = checkIntegrity(snapshot);
    if (!integrity.ok) throw new DamagedDatabase(integrity.problems);
    // One self-contained file in the archive; the server turns WAL back on when it opens it.
    snapshot.pragma('journal_mode = DELETE');
    const tables = snapshot
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    let rows = 0;
    for (const table of tables) rows += snapshot.prepare(`select count(*) from "${table.replaceAll('"', '""')}"`).pluck().get() as number;
    const patients = snapshot.prepare('select count(*) from patients').pluck().get() as number;
    const blobs = snapshot.prepare('select blob_name as blobName, size from files order by id').all() as SnapshotContents['blobs'];
    const auditHead = computeAuditHead(snapshot);
    onSnapshot?.(snapshot);
    return { patients, tables: tables.length, rows, blobs, auditHead };
  } finally {
    snapshot.close();
  }
}
