// The demo never writes over a practice: it seeds only a DATA_DIR that holds neither a practice key
// nor a database. A database with accounts is a practice; an encrypted one (or its key) is one the
// demo could not even read; and a plain database, even without accounts, cannot become the demo's
// encrypted one (`npm run encrypt` turns a plain practice into an encrypted one).
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PRACTICE_KEY_FILE } from '../../encryption/practice-key';

export const databasePathOf = (dataDir: string) => join(dataDir, 'expediente.db');

export type ExistingPractice =
  /** A plain database with this many accounts (0: made by a start, never used). */
  | { kind: 'plain'; path: string; accounts: number }
  /** DATA_DIR's practice key, or a database that does not open without one. */
  | { kind: 'encrypted'; path: string };

/** What DATA_DIR already holds that the demo must not write over; null when it holds no practice key and no database. */
export function practiceIn(dataDir: string): ExistingPractice | null {
  const keyFile = join(dataDir, PRACTICE_KEY_FILE);
  if (existsSync(keyFile)) return { kind: 'encrypted', path: keyFile };
  const path = databasePathOf(dataDir);
  if (!existsSync(path)) return null;
  // Read-only, without a key and without migrating, so looking changes nothing, even for a running server's database.
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get();
    return { kind: 'plain', path, accounts: table ? (sqlite.prepare('select count(*) as n from users').get() as { n: number }).n : 0 };
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') return { kind: 'encrypted', path };
    throw error;
  } finally {
    sqlite.close();
  }
}
