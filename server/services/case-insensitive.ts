// Ordering names case-insensitively, in each engine's words: SQLite's `collate nocase`, and on
// PostgreSQL `lower(x) collate "C"`, the expression its indexes are built on (the PostgreSQL tables
// translate SQLite's nocase that way, server/db/postgres/from-sqlite.ts).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { engineNameOf, type DbOrTx } from '../db/engine';

/** `value` as it orders case-insensitively on `db`'s engine. */
export const caseInsensitive = (db: DbOrTx, value: SQLWrapper): SQL =>
  engineNameOf(db) === 'sqlite' ? sql`${value} collate nocase` : sql`lower(${value}) collate "C"`;
