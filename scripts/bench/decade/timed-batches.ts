// Bulk inserts in large transactions, timed per table: one commit per batch instead of per row is
// what makes millions of rows take minutes, and batches (not one huge transaction) keep the WAL
// from growing to the size of the whole decade before the first checkpoint. A row's inserts are
// awaited one after the other inside its batch's transaction: nothing else waits in between.
import type { Db } from '../../../server/db/client';
import { inTransaction } from '../../../server/db/in-transaction';

export const ROWS_PER_TRANSACTION = 25_000;

export interface TableTiming {
  table: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

export type Progress = (line: string) => void;

/**
 * Calls `insertRow(index)` for index 0..count-1, committing every `perTransaction` calls.
 * `insertRow` returns how many rows it wrote (a patient's appointments are one call), which is what is counted.
 */
export async function insertInBatches(
  db: Db,
  table: string,
  count: number,
  insertRow: (index: number) => Promise<number>,
  progress: Progress,
  perTransaction = ROWS_PER_TRANSACTION,
): Promise<TableTiming> {
  const started = performance.now();
  let rows = 0;
  const batch = (from: number, to: number) =>
    inTransaction(db, async () => {
      for (let index = from; index < to; index += 1) rows += await insertRow(index);
    });
  let reported = started;
  for (let from = 0; from < count; from += perTransaction) {
    await batch(from, Math.min(count, from + perTransaction));
    if (performance.now() - reported > 5_000) {
      reported = performance.now();
      progress(`  ${table}: ${rows.toLocaleString('en')} rows…`);
    }
  }
  return timingOf(table, rows, started, progress);
}

/** Closes a table's timing and prints it. */
export function timingOf(table: string, rows: number, started: number, progress: Progress): TableTiming {
  const seconds = (performance.now() - started) / 1000;
  const timing = { table, rows, seconds, rowsPerSecond: seconds > 0 ? Math.round(rows / seconds) : rows };
  progress(`${table}: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${timing.rowsPerSecond.toLocaleString('en')} rows/s)`);
  return timing;
}
