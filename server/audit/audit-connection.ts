// The SQLite connection a query of a handle goes to now, for audit/'s helpers that walk the trail on
// SQLite with better-sqlite3 itself (iterators, its transactions): the writer inside a transaction
// (it sees what the transaction wrote), else the read-only reader. On PostgreSQL those helpers take
// the handle (their `…In(db)` twins).
import type Database from 'better-sqlite3';
import { sqliteEngineOf, type DbOrTx } from '../db/engine';
import { insideTransaction } from '../db/in-transaction';

export function sqliteConnectionOf(db: DbOrTx): Database.Database {
  const engine = sqliteEngineOf(db);
  return insideTransaction(db) ? engine.writer : engine.reader;
}
