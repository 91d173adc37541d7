// The demo never writes over a practice: a DATA_DIR whose database already has accounts is refused.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const databasePathOf = (dataDir: string) => join(dataDir, 'expediente.db');

/** How many accounts DATA_DIR's database holds: 0 when there is no database or it is still empty. */
export function accountsIn(dataDir: string): number {
  const path = databasePathOf(dataDir);
  if (!existsSync(path)) return 0;
  // Read-only and without migrating, so looking changes nothing, even for a running server's database.
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get();
    return table ? (sqlite.prepare('select count(*) as n from users').get() as { n: number }).n : 0;
  } finally {
    sqlite.close();
  }
}
