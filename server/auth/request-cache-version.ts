// The version the in-memory callers and access decisions are kept at (access_version, migration
// 0016): triggers replace it in the same transaction as any change to sessions, accounts, second
// factors, the practice's second-factor rule, links or emergency access, whichever process writes.
// Read on every request, so it is one prepared point read.
import type { DbOrTx } from '../db/client';
import { connectionOf, preparedPerConnection } from '../db/prepared';

const selectVersion = preparedPerConnection((db) =>
  connectionOf(db).prepare<[], number>('select version from access_version where id = 1').pluck(),
);

/**
 * The current access version, as this connection (and its transaction, if any) sees it. Without
 * its row (deleted by hand), NaN: it equals no version, so nothing is answered from memory.
 */
export function accessVersionOf(db: DbOrTx): number {
  return selectVersion(db).get() ?? Number.NaN;
}
