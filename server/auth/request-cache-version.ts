// The version the in-memory callers and access decisions are kept at (access_version, migration
// 0016): triggers replace it in the same transaction as any change to sessions, accounts, second
// factors, the practice's second-factor rule, links or emergency access, whichever process writes.
// Read on every request, so it is one prepared point read.
//
// Outside a transaction that read is SQLite's whole read transaction, begun and ended: 7 µs in a
// loop, and under the decade's load a sixth of a record read's CPU, for the two looks a request
// takes (its caller, then its access to the patient). So a request's first look (its caller, in
// createContext) always reads, and a later look in the same turn of the event loop reuses the
// latest such read while this server has written nothing since (SQLite's total_changes on the
// writer, which counts the rows triggers change too, and those of a transaction not yet committed)
// and is not inside a transaction. Every request takes its first look afresh, so what a later look
// reuses was read after that request began: a change committed before a request began, by this
// server or another process, is seen by that request. On PostgreSQL every look reads.
import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { engineOf } from '../db/engine';
import { insideTransaction } from '../db/in-transaction';
import { prepared, preparedText } from '../db/prepared';
import { accessVersion } from '../db/schema/index';

const selectVersion = prepared('request-cache-version.select-version', (db) =>
  db.select({ version: accessVersion.version }).from(accessVersion).where(eq(accessVersion.id, 1)),
);

/** How many rows this server's writer has changed; touches no table, so it begins no read transaction: 0.1 µs. */
const writerChanges = (writer: Database.Database): number => preparedText(writer, 'select total_changes()').pluck().get() as number;

/**
 * The current access version, as the running code sees it (inside a transaction, as that
 * transaction sees it). Without its row (deleted by hand), NaN: it equals no version, so nothing is
 * answered from memory.
 */
export async function accessVersionOf(db: DbOrTx): Promise<number> {
  return (await selectVersion.get(db))?.version ?? Number.NaN;
}

interface FirstLook {
  writer: Database.Database;
  version: number;
  changes: number;
}

/** The latest first look of this turn of the event loop; forgotten at its end. */
let firstLook: FirstLook | null = null;
let forgetting = false;

/** The SQLite writer whose changes a first look is compared against; none on PostgreSQL or inside a transaction. */
function writerOutsideTransaction(db: DbOrTx): Database.Database | undefined {
  const engine = engineOf(db);
  return engine.name === 'sqlite' && !insideTransaction(db) ? engine.writer : undefined;
}

/** A request's first look at the version (its caller): read afresh, and offered to its later looks. */
export async function accessVersionAtRequestStart(db: Db): Promise<number> {
  const version = await accessVersionOf(db);
  const writer = writerOutsideTransaction(db);
  if (!writer) return version;
  firstLook = { writer, version, changes: writerChanges(writer) };
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
export async function accessVersionLaterInRequest(db: DbOrTx): Promise<number> {
  const writer = writerOutsideTransaction(db);
  const look = firstLook;
  if (look && writer && look.writer === writer && writerChanges(writer) === look.changes) return look.version;
  return accessVersionOf(db);
}
