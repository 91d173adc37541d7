// Every connection to a database file goes through here: in an unlocked encrypted DATA_DIR the key
// is given before anything else is read (encryption/unlocked-practices.ts), so the server's own
// connection, the backup's, restore's and the checks' all read the same file the same way.
import Database from 'better-sqlite3';
import { databaseKeyPragmas } from '../encryption/unlocked-practices';

export function openSqlite(path: string, options?: Database.Options): Database.Database {
  const sqlite = new Database(path, options);
  const key = path === ':memory:' ? undefined : databaseKeyPragmas(path);
  for (const pragma of key ?? []) sqlite.pragma(pragma);
  return sqlite;
}
