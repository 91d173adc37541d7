// Statements built and compiled once per database, then only run. Without this, drizzle turns the
// query builder into SQL text on every call (and SQLite compiled that text again): on a record read
// that was most of the time spent. On PostgreSQL the statement is prepared by name on each
// connection that runs it.
import type Database from 'better-sqlite3';
import type { DbOrTx } from './engine';
import { engineNameOf } from './engine';
import { inTransaction, insideTransaction } from './in-transaction';

/** What drizzle calls its connection: the router of either engine (sqlite-router.ts, postgres-engine.ts). */
type Connection = object;

/** The connection router under a database handle (drizzle's session client): one per database. */
export const connectionOf = (db: DbOrTx): Connection => (db as unknown as { session: { client: Connection } }).session.client;

/** `build` runs once per database; later calls get what it built. */
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

type Params = Record<string, unknown>;
type RowsOf<Q> = Awaited<Q> extends readonly (infer Row)[] ? Row : never;

export interface PreparedQuery<Row> {
  all(db: DbOrTx, params?: Params): Promise<Row[]>;
  get(db: DbOrTx, params?: Params): Promise<Row | undefined>;
  /** Runs a change; resolves with how many rows it changed. */
  run(db: DbOrTx, params?: Params): Promise<{ changes: number }>;
}

interface SqlitePrepared {
  all(params?: Params): unknown[];
  get(params?: Params): unknown;
  run(params?: Params): { changes: number };
}
interface PostgresPrepared {
  execute(params?: Params): Promise<unknown>;
}

const namesTaken = new Set<string>();

/**
 * A query written once with drizzle's builder (with `sql.placeholder` for its inputs) and prepared
 * on whichever engine `db` is. `name` names the PostgreSQL prepared statement: unique in the program.
 */
export function prepared<Q extends PromiseLike<unknown>>(name: string, build: (db: DbOrTx) => Q): PreparedQuery<RowsOf<Q>> {
  if (namesTaken.has(name)) throw new Error(`two prepared statements are named ${name}`);
  namesTaken.add(name);
  const built = preparedPerConnection((db): { sqlite: SqlitePrepared } | { postgres: PostgresPrepared } => {
    const query = build(db) as unknown as { prepare(name?: string): unknown };
    return engineNameOf(db) === 'sqlite' ? { sqlite: query.prepare() as SqlitePrepared } : { postgres: query.prepare(name) as PostgresPrepared };
  });
  return {
    async all(db, params) {
      const statement = built(db);
      return ('sqlite' in statement ? statement.sqlite.all(params) : await statement.postgres.execute(params)) as RowsOf<Q>[];
    },
    async get(db, params) {
      const statement = built(db);
      if ('sqlite' in statement) return statement.sqlite.get(params) as RowsOf<Q> | undefined;
      return ((await statement.postgres.execute(params)) as RowsOf<Q>[])[0];
    },
    async run(db, params) {
      // A change outside a transaction is a transaction of its own (SQLite's reader takes no writes).
      if (!insideTransaction(db)) return inTransaction(db, () => this.run(db, params));
      const statement = built(db);
      if ('sqlite' in statement) return { changes: statement.sqlite.run(params).changes };
      const result = (await statement.postgres.execute(params)) as { rowCount?: number | null };
      return { changes: result.rowCount ?? 0 };
    },
  };
}

/** Statements kept per connection by their SQL text: the filters of a review page combine a few terms in a few ways. */
const KEPT_STATEMENTS = 256;
const statementsByText = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * `sqlite.prepare(text)`, compiled once per connection and text, for SQLite-only code that holds a
 * connection of its own (the backup, the checks, the worker reads).
 */
export function preparedText(sqlite: Database.Database, text: string): Database.Statement {
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
