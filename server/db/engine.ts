// The storage seam: services write their queries once, with drizzle's query builders over the one
// schema (schema/), and await them; which engine answers — SQLite in DATA_DIR (the default) or
// PostgreSQL (DATABASE_URL, a clinic network) — is this handle's business, not theirs.
// The handle is typed as drizzle's SQLite database because the tables are SQLite's; on PostgreSQL the
// same tables are rendered by drizzle's PostgreSQL dialect, and the PostgreSQL schema stores the same
// values (postgres/schema.ts), so every column maps to and from JavaScript alike on both.
import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type pg from 'pg';
import type * as schema from './schema/index';

/** The database, as the services see it. Queries are awaited; writes and audited reads run in `inTransaction`. */
export type Db = BetterSQLite3Database<typeof schema>;
/** Inside `inTransaction` the handle is the same: queries made through it (or through `Db`) join the transaction. */
export type Tx = Db;
export type DbOrTx = Db;

export type EngineName = 'sqlite' | 'postgres';

/** A transaction the engine opened: queries of its async context go to `connection`. */
export interface OpenTransaction {
  engine: Engine;
  /** The SQLite writer or the PostgreSQL client the transaction holds. */
  connection: unknown;
  /** Set once committed or rolled back: a query still running after that goes where an outside query would. */
  ended: boolean;
}

export interface SqliteEngine {
  name: 'sqlite';
  /** The one connection that writes, under `lock`: migrations, transactions, the SQLite-only machinery. */
  writer: Database.Database;
  /** A read-only connection for queries outside any transaction: it sees only what was committed. */
  reader: Database.Database;
  /** Serializes the writer's transactions, which await between their statements. */
  lock: AsyncLock;
  close(): void;
}

export interface PostgresEngine {
  name: 'postgres';
  pool: pg.Pool;
  /** Transactions this server has committed through `inTransaction`: what it may have changed since a moment. */
  commits: number;
  close(): Promise<void>;
}

export type Engine = SqliteEngine | PostgresEngine;

const engines = new WeakMap<object, Engine>();

export function registerEngine(db: Db, engine: Engine): void {
  engines.set(db, engine);
}

export function engineOf(db: DbOrTx): Engine {
  const engine = engines.get(db);
  if (!engine) throw new Error('not a database opened by openDatabase or openPostgres');
  return engine;
}

export const engineNameOf = (db: DbOrTx): EngineName => engineOf(db).name;

/** The SQLite engine under `db`, for what only SQLite has (pragmas, the WAL, its functions); throws on PostgreSQL. */
export function sqliteEngineOf(db: DbOrTx): SqliteEngine {
  const engine = engineOf(db);
  if (engine.name !== 'sqlite') throw new Error('this needs the SQLite engine');
  return engine;
}

/** A first-come, first-served lock for code that awaits while holding it. */
export class AsyncLock {
  private tail: Promise<void> = Promise.resolve();
  private holders = 0;

  get held(): boolean {
    return this.holders > 0;
  }

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    this.holders += 1;
    await previous;
    return () => {
      this.holders -= 1;
      release();
    };
  }
}
