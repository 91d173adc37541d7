// Every connection to a database file goes through here: in an unlocked encrypted DATA_DIR the cipher
// and key are given before anything else is read (encryption/unlocked-practices.ts), so the server's
// own connection, the backup's, restore's and the checks' all read the same file the same way.
import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { isPlainDatabaseFile } from '../encryption/database-file';
import { databaseKeyPragmas } from '../encryption/unlocked-practices';
import { practiceText } from '../practice-messages/practice-text';

export function openSqlite(path: string, options?: Database.Options): Database.Database {
  const key = path === ':memory:' ? undefined : databaseKeyPragmas(path);
  // A key for a file still in the clear would only say "file is not a database": this is an
  // `npm run encrypt` stopped before its encrypted copy took the plain file's place.
  if (key && isPlainDatabaseFile(path)) throw new Error(practiceText().encryptionUnfinished({ dataDir: dirname(path) }));
  const sqlite = new Database(path, options);
  for (const pragma of key ?? []) sqlite.pragma(pragma);
  return sqlite;
}
