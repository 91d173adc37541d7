// The PostgreSQL engine: a pool of connections to DATABASE_URL, shared by every request of this
// server; other servers of the clinic network hold pools of their own to the same database. Queries
// outside a transaction take any free connection; a transaction's queries go to the one connection it
// holds (in-transaction.ts), found through the async context like SQLite's writer.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { engineOf, registerEngine, type Db, type PostgresEngine } from './engine';
import { postgresPool } from './postgres/connection-pool';
import { migratePostgres } from './postgres/migrate';
import * as schema from './schema/index';
import { currentTransaction } from './transaction-scope';

// bigint columns hold SQLite's 64-bit integers (postgres/schema.ts), and counts are bigint: as
// JavaScript numbers, like better-sqlite3 gives them. Ids and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

export interface PostgresOptions {
  /** Connections this server keeps open at most (pg's Pool `max`). */
  connections?: number;
  /** Called with every SQL statement drizzle runs (tests count statements with it). */
  logQuery?: (query: string) => void;
}

/** A handle on the PostgreSQL database at `url`, migrated first (several servers starting at once migrate it once). */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const db = postgresDatabase(url, options);
  const engine = engineOf(db) as PostgresEngine;
  try {
    await migratePostgres(engine.pool);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return db;
}

/** A handle on the PostgreSQL database at `url`, already migrated by the caller (postgres/migrate.ts). */
export function postgresDatabase(url: string, options: PostgresOptions = {}): Db {
  const pool = postgresPool(url, { max: options.connections ?? 10 });
  // An idle connection the server lost (a restarted or promoted database) is dropped, not thrown.
  pool.on('error', () => undefined);
  const engine: PostgresEngine = { name: 'postgres', pool, commits: 0, close: () => pool.end() };
  // drizzle runs every query through `query`; it must not look like a Pool, or drizzle would open
  // transactions of its own instead of ours.
  const router = {
    query: (query: string | pg.QueryConfig, params?: unknown[]) => {
      const open = currentTransaction(engine);
      return ((open?.connection as pg.PoolClient | undefined) ?? pool).query(query, params);
    },
  };
  const { logQuery } = options;
  const db = drizzle(router as unknown as pg.Pool, { schema, ...(logQuery ? { logger: { logQuery: (query: string) => logQuery(query) } } : {}) });
  const handle = db as unknown as Db;
  registerEngine(handle, engine);
  return handle;
}
