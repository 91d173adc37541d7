// The bench seeds' inserts that need the new row's id (a user's for its patient row, an
// appointment's for its prescription): `returning id`, which both engines answer, in place of
// better-sqlite3's lastInsertRowid. Run inside the seed's transaction, like every insert of a batch;
// outside one it is a transaction of its own, as rawRun is (SQLite's reader takes no writes).
import type { DbOrTx } from '../../server/db/client';
import { inTransaction, insideTransaction } from '../../server/db/in-transaction';
import { rawGet } from '../../server/db/raw-sql';

/** Each insert's text with its RETURNING, made once: a seed runs the same few texts millions of times. */
const returningTexts = new Map<string, string>();

/** Runs `insert` (an INSERT without its own RETURNING) with `params`; resolves with the new row's id. */
export async function insertedId(db: DbOrTx, insert: string, params: unknown[]): Promise<number> {
  if (!insideTransaction(db)) return inTransaction(db, () => insertedId(db, insert, params));
  let text = returningTexts.get(insert);
  if (text === undefined) returningTexts.set(insert, (text = `${insert} returning id`));
  const row = await rawGet<{ id: number }>(db, text, params);
  if (!row) throw new Error(`no row inserted by: ${insert}`);
  return Number(row.id);
}
