// The version the in-memory callers and access decisions are kept at (access_version, migration
// 0016): triggers replace it in the same transaction as any change to sessions, accounts, second
// factors, the practice's second-factor rule, links or emergency access, whichever process writes.
// Read on every request, so it is one prepared point read.
//
// Outside a transaction that read is SQLite's whole read transaction, begun and ended: 7 µs in a
// loop, and under the decade's load a sixth of a record read's CPU, for the two looks a request
// takes (its caller, then its access to the patient). So a request's first look (its caller, in
// createContext) always reads, and a later look in the same turn of the event loop reuses the
// latest such read while this connection has changed nothing since (SQLite's total_changes, which
// counts the rows triggers change too) and is not inside a transaction. Every request takes its
// first look afresh, so what a later look reuses was read after that request began: a change
// committed before a request began, by this server or another process, is seen by that request.
import type Database from 'better-sqlite3';
import type { Db, DbOrTx } from '../db/client';
import { connectionOf, preparedPerConnection } from '../db/prepared';

const selectVersion = preparedPerConnection((db) =>
  connectionOf(db).prepare<[], number>('select version from access_version where id = 1').pluck(),
);
// Touches no table, so it begins no read transaction: 0.1 µs.
const selectChanges = preparedPerConnection((db) => connectionOf(db).prepare<[], number>('select total_changes()').pluck());

/**
 * The current access version, as this connection (and its transaction, if any) sees it. Without
 * its row (deleted by hand), NaN: it equals no version, so nothing is answered from memory.
 */
export function accessVersionOf(db: DbOrTx): number {
  return selectVersion(db).get() ?? Number.NaN;
}

interface FirstLook {
  connection: Database.Database;
  version: number;
  changes: number;
}

/** The latest first look of this turn of the event loop; forgotten at its end. */
let firstLook: FirstLook | null = null;
let forgetting = false;

/** A request's first look at the version (its caller): read afresh, and offered to its later looks. */
export function accessVersionAtRequestStart(db: Db): number {
  const version = accessVersionOf(db);
  const connection = connectionOf(db);
  if (connection.inTransaction) return version;
  firstLook = { connection, version, changes: selectChanges(db).get()! };
  if (!forgetting) {
    forgetting = true;
    setImmediate(() => {
      firstLook = null;
      forgetting = false;
    });
  }
  return version;
}

/** A later look in a request (its access to a patient): the first look's version while nothing here has changed since, else read. */
export function accessVersionLaterInRequest(db: DbOrTx): number {
  const connection = connectionOf(db);
  const look = firstLook;
  if (look && look.connection === connection && !connection.inTransaction && selectChanges(db).get() === look.changes) return look.version;
  return accessVersionOf(db);
}
