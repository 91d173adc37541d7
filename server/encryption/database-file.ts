// A database file under a key of our choosing rather than its DATA_DIR's: a backup's snapshot under
// its one-time key, a restore's staged copy, the copy `npm run encrypt` makes, all under the
// practice's cipher (database-cipher.ts), named before any key so that a rekey from plain uses it too.
import Database from 'better-sqlite3';
import { closeSync, openSync, readSync } from 'node:fs';
import { DATABASE_CIPHER_PRAGMAS, keyStatement } from './database-cipher';

const PLAIN_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Opens `path` with `key`, or as a plain database when `key` is null. */
export function openDatabaseFile(path: string, key: Buffer | null, options?: Database.Options): Database.Database {
  const sqlite = new Database(path, options);
  try {
    for (const pragma of DATABASE_CIPHER_PRAGMAS) sqlite.pragma(pragma);
    if (key) sqlite.pragma(keyStatement('key', key));
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/**
 * Whether the file begins as an unencrypted SQLite database does; false for an encrypted one
 * (its first bytes are random) and for a file that is missing or empty.
 */
export function isPlainDatabaseFile(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(PLAIN_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(PLAIN_HEADER);
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts the database at `path` under `toKey`, in place and in one transaction: a process killed
 * midway leaves a hot journal that the next open rolls back (measured: killed at a quarter, half
 * and three quarters of a 231 MB rekey, the file opened whole and as it was). Rekeying needs a
 * rollback journal, not WAL. From a plain file, SQLite3MultipleCiphers rebuilds the database to
 * make room for each page's nonce and tag, through a temporary copy that is plaintext: `tempDir`
 * keeps that copy in a private directory beside the data rather than in /var/tmp.
 */
export function rekeyDatabaseFile(path: string, fromKey: Buffer | null, toKey: Buffer, tempDir: string): void {
  const sqlite = openDatabaseFile(path, fromKey, { fileMustExist: true });
  try {
    sqlite.pragma('journal_mode = DELETE');
    // Process-wide in SQLite, so set only for this rekey and put back at once.
    const before = sqlite.pragma('temp_store_directory', { simple: true }) as string | null;
    sqlite.pragma(`temp_store_directory = '${tempDir.replaceAll("'", "''")}'`);
    try {
      sqlite.pragma(keyStatement('rekey', toKey));
    } finally {
      sqlite.pragma(`temp_store_directory = '${(before ?? '').replaceAll("'", "''")}'`);
    }
  } finally {
    sqlite.close();
  }
}
