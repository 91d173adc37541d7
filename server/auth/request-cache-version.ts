// The version the in-memory callers and access decisions are kept at (access_version, migration
// 0016): triggers replace it in the same transaction as any change to sessions, accounts, second
// factors, the practice's second-factor rule, links or emergency access, whichever process writes.
// Read on every request, so it is one prepared point read.
//
// That read costs: on SQLite it is a whole read transaction, begun and ended (7 µs in a loop, and
// under the decade's load a sixth of a record read's CPU, for the two looks a request takes: its
// caller, then its access to the patient); on PostgreSQL, a round trip to the database. So a
// request's first look (its caller, in createContext) always reads, and its later look reuses that
// read while this server has changed nothing since (SQLite: total_changes on the writer, which counts
// the rows triggers change too, and those of a transaction not yet committed; PostgreSQL: the
// transactions this server committed) and is not inside a transaction. A change committed before a
// request began, by this server or another (a clinic network's other servers, a command on SQLite),
// is seen by that request. The first look is kept in the request's async context (lookInRequest).
import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { contextSlot } from '../db/async-context';
import { engineOf, type Engine } from '../db/engine';
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
  engine: Engine;
  version: number;
  /** What this server had changed when the look was asked for (changesSoFar). */
  changes: number;
}

const requests = contextSlot<{ firstLook?: FirstLook }>('request');

/** Runs the rest of a request (`next`, Fastify's onRequest `done`) with a place for its first look. */
export function lookInRequest(next: () => void): void {
  requests.run({}, next);
}

/** How much this server has changed on `engine`: a look taken at one count holds while the count stays. */
function changesSoFar(engine: Engine): number {
  return engine.name === 'sqlite' ? writerChanges(engine.writer) : engine.commits;
}

/** A request's first look at the version (its caller): read afresh, and kept for its later looks. */
export async function accessVersionAtRequestStart(db: Db): Promise<number> {
  const engine = engineOf(db);
  const request = requests.get();
  if (!request || insideTransaction(db)) return accessVersionOf(db);
  // Counted before the read: a change committed while it is under way counts as one made since.
  const changes = changesSoFar(engine);
  const version = await accessVersionOf(db);
  request.firstLook = { engine, version, changes };
  return version;
}

/** A later look in a request (its access to a patient): the first look's version while nothing here has changed since, else read. */
export async function accessVersionLaterInRequest(db: DbOrTx): Promise<number> {
  const look = requests.get()?.firstLook;
  const engine = engineOf(db);
  if (look && look.engine === engine && !insideTransaction(db) && changesSoFar(engine) === look.changes) return look.version;
  return accessVersionOf(db);
}
