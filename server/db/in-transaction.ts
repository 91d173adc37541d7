// One transaction on either engine. Everything a change writes (and its audit event) commits
// together or not at all; a read that is audited runs in one too, so what was read is what the trail
// says was read. Called inside a transaction, the work joins it: one change, one commit.
import type Database from 'better-sqlite3';
import { refusedAsReadOnly } from './postgres/connection-pool';
import type pg from 'pg';
import { engineOf, type Db, type Engine, type OpenTransaction, type PostgresEngine, type Tx } from './engine';
import { currentTransaction, runInTransactionScope } from './transaction-scope';

export interface TransactionOptions {
  /**
   * 'process': the commit must survive the process dying, not a power cut (SQLite's
   * synchronous=NORMAL in WAL mode; on PostgreSQL, synchronous_commit off: the commit is the
   * cluster's at once, on its disk a moment later) — for reads' audit events, which change no patient data.
   */
  durability?: 'full' | 'process';
}

/**
 * `work` may return a drizzle query without awaiting it: it is awaited here, inside the transaction
 * (a query runs when awaited, not when built).
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => PromiseLike<T> | T, options: TransactionOptions = {}): Promise<T> {
  const engine = engineOf(db);
  if (currentTransaction(engine)) return await work(db);
  return engine.name === 'sqlite' ? sqliteTransaction(engine, db, work, options) : postgresTransaction(engine, db, work, options);
}

/** Whether the running code is inside a transaction on `db`. */
export const insideTransaction = (db: Db): boolean => currentTransaction(engineOf(db)) !== undefined;

async function sqliteTransaction<T>(
  engine: Extract<Engine, { name: 'sqlite' }>,
  db: Db,
  work: (tx: Tx) => PromiseLike<T> | T,
  options: TransactionOptions,
): Promise<T> {
  const release = await engine.lock.acquire();
  const { writer } = engine;
  const open: OpenTransaction = { engine, connection: writer, ended: false };
  const relaxed = options.durability === 'process';
  try {
    if (relaxed) statementsOf(writer).processOnly.run();
    statementsOf(writer).begin.run();
    try {
      const result = await runInTransactionScope(open, async () => await work(db));
      statementsOf(writer).commit.run();
      return result;
    } catch (error) {
      // A failed statement may already have ended the transaction (SQLite rolls back on some errors).
      if (writer.inTransaction) statementsOf(writer).rollback.run();
      throw error;
    } finally {
      open.ended = true;
      if (relaxed) statementsOf(writer).full.run();
    }
  } finally {
    release();
  }
}

async function postgresTransaction<T>(engine: PostgresEngine, db: Db, work: (tx: Tx) => PromiseLike<T> | T, options: TransactionOptions): Promise<T> {
  return await onOwnPostgresClient(engine, async (client) => {
    const open: OpenTransaction = { engine, connection: client, ended: false };
    try {
      await client.query(options.durability === 'process' ? 'begin; set local synchronous_commit = off' : 'begin');
      const result = await runInTransactionScope(open, async () => await work(db));
      await client.query('commit');
      engine.commits += 1;
      return result;
    } finally {
      open.ended = true;
    }
  });
}

/**
 * Runs `work`, which begins and commits a transaction itself, on a pooled PostgreSQL client of its
 * own; rolls it back when `work` throws, and releases the client: dropped, not reused, when it is in
 * doubt (its rollback failed) or of no more use (its host no longer takes writes: a primary back as a
 * standby, so that the pool's next connection goes to the host that does).
 */
export async function onOwnPostgresClient<T>(engine: PostgresEngine, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await engine.pool.connect();
  let broken: unknown;
  try {
    return await work(client);
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => (broken = rollbackError));
    if (refusedAsReadOnly(error)) broken ??= error;
    throw error;
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}

// The writer's transaction statements, prepared once per connection like everything on the hot path.
const prepared = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
const prepare = (sqlite: Database.Database) => ({
  begin: sqlite.prepare('begin'),
  commit: sqlite.prepare('commit'),
  rollback: sqlite.prepare('rollback'),
  processOnly: sqlite.prepare('pragma synchronous = normal'),
  full: sqlite.prepare('pragma synchronous = full'),
});
function statementsOf(sqlite: Database.Database) {
  let statements = prepared.get(sqlite);
  if (!statements) prepared.set(sqlite, (statements = prepare(sqlite)));
  return statements;
}
