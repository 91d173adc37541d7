// The audit events of reads, committed together. A read's own transaction used to commit
// its one audit row alone: about 170 µs of each read on a decade's trail, most of it the commit
// writing the same few pages of the trail's indexes again for every row. Here a read collects its
// events instead, and the reads answered in one turn of the event loop commit theirs in one
// transaction at the end of that turn (setImmediate): 35–60 µs a row at 3–10 rows a commit.
//
// What a read promises is unchanged: no answer leaves before its audit event is committed. The
// server holds every response until the batch pending when it was sent has committed
// (app.ts, onSend), and a batch that fails (no room on the disk) fails the responses waiting on it
// with its error instead of sending what was read. A read that throws collects nothing, as its
// rolled-back transaction wrote nothing before. Changes are not batched: their events commit with
// them (services/audited-change.ts), and a refusal's commits at once (recordRefusal).
import type Database from 'better-sqlite3';

/** One audit row as the insert takes it. */
export type AuditRow = Record<string, unknown>;

interface Batch {
  rows: AuditRow[];
  committed: Promise<void>;
  settle: (error?: unknown) => void;
}

interface Batcher {
  write: (rows: AuditRow[]) => void;
  pending: Batch | null;
}

const batchers = new WeakMap<Database.Database, Batcher>();

/** The read collecting its events now (reads are synchronous, so there is at most one). */
let collecting: { sqlite: Database.Database; rows: AuditRow[] } | null = null;

/**
 * From now on, reads on `sqlite` commit their audit events in batches through `write` (one
 * transaction for the rows given). Only a server that holds its responses for them turns this on.
 */
export function batchReadAudits(sqlite: Database.Database, write: (rows: AuditRow[]) => void): void {
  batchers.set(sqlite, { write, pending: null });
}

export const batchesReadAudits = (sqlite: Database.Database): boolean => batchers.has(sqlite);

/** Runs `read`, collecting the audit events it records; they join the pending batch if it returns. */
export function collectReadAudits<T>(sqlite: Database.Database, read: () => T): T {
  // A read inside another read: its events are the outer read's, kept or dropped with them.
  if (collecting?.sqlite === sqlite) return read();
  const outer = collecting;
  const mine = { sqlite, rows: [] as AuditRow[] };
  collecting = mine;
  let result: T;
  try {
    result = read();
  } finally {
    // A read of another database inside a read goes back to collecting for the outer one.
    collecting = outer;
  }
  if (mine.rows.length > 0) enqueue(batchers.get(sqlite)!, mine.rows);
  return result;
}

/** Takes `row` into the read collecting on `sqlite` now; false when none is (write it at once). */
export function deferToCollectingRead(sqlite: Database.Database, row: AuditRow): boolean {
  if (collecting?.sqlite !== sqlite) return false;
  collecting.rows.push(row);
  return true;
}

function enqueue(batcher: Batcher, rows: AuditRow[]): void {
  if (!batcher.pending) {
    let settle!: (error?: unknown) => void;
    const committed = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Those who wait on it see a failure; nobody waiting is not an unhandled rejection.
    committed.catch(() => {});
    batcher.pending = { rows: [], committed, settle };
    setImmediate(() => commitPending(batcher));
  }
  batcher.pending.rows.push(...rows);
}

function commitPending(batcher: Batcher): void {
  const batch = batcher.pending;
  if (!batch) return;
  batcher.pending = null;
  try {
    batcher.write(batch.rows);
    batch.settle();
  } catch (error) {
    batch.settle(error);
  }
}

/** The batch a response sent now must wait for, or null when no read's event is pending. */
export function pendingReadAudits(sqlite: Database.Database): Promise<void> | null {
  return batchers.get(sqlite)?.pending?.committed ?? null;
}

/** Commits the pending batch now (before the database closes). */
export function commitReadAuditsNow(sqlite: Database.Database): void {
  const batcher = batchers.get(sqlite);
  if (batcher) commitPending(batcher);
}
