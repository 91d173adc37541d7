// Statements built and compiled once per database connection, then only run. Without this,
// drizzle turns the query builder into SQL text and SQLite compiles that text again on every
// call: on a record read that was most of the time spent.
import type Database from 'better-sqlite3';
import type { DbOrTx } from './client';

type Connection = Database.Database;

/** The better-sqlite3 connection under a database or transaction handle (drizzle's session client). */
export const connectionOf = (db: DbOrTx): Connection => (db as unknown as { session: { client: Connection } }).session.client;

/**
 * `build` runs once per connection; later calls get what it built. A prepared statement belongs
 * to its connection, not to the handle it was built from, so one built outside a transaction
 * runs inside one (better-sqlite3 transactions are the connection's).
 */
export function preparedPerConnection<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<Connection, T>();
  return (db) => {
    const connection = connectionOf(db);
    let statement = built.get(connection);
    if (statement === undefined) {
      statement = build(db);
      built.set(connection, statement);
    }
    return statement;
  };
}

/** Statements kept per connection by their SQL text: the filters of a review page combine a few terms in a few ways. */
const KEPT_STATEMENTS = 256;
const statementsByText = new WeakMap<Connection, Map<string, Database.Statement>>();

/**
 * `sqlite.prepare(text)`, compiled once per connection and text. For statements whose text is
 * built from the request's choices (which filter terms, which order): compiling the same text
 * again on every request was a tenth of an audit page's CPU.
 */
export function preparedText(sqlite: Connection, text: string): Database.Statement {
  let kept = statementsByText.get(sqlite);
  if (!kept) statementsByText.set(sqlite, (kept = new Map()));
  let statement = kept.get(text);
  if (!statement) {
    statement = sqlite.prepare(text);
    kept.set(text, statement);
    // The texts come from a handful of filter shapes; the bound keeps an unforeseen mix from growing without end.
    if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
  }
  return statement;
}
