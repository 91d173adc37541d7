// Statements built and compiled once per database connection, then only run. Without this,
// drizzle turns the query builder into SQL text and SQLite compiles that text again on every
// call: on a record read that was most of the time spent (issue 11's profile).
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
