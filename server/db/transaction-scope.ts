// Which transaction, if any, the running code is inside. A transaction's queries await between one
// another, so other requests run meanwhile on the same process: their queries must not land in it.
// The async context (async-context.ts) tells them apart, and each engine's connection router (sqlite-engine.ts,
// postgres-engine.ts) sends a query to its context's transaction, or else outside any.
import { contextSlot } from './async-context';
import type { Engine, OpenTransaction } from './engine';

const scope = contextSlot<OpenTransaction>('transaction');

/** The transaction the running code is inside on `engine`, if one is open. */
export function currentTransaction(engine: Engine): OpenTransaction | undefined {
  const open = scope.get();
  return open && !open.ended && open.engine === engine ? open : undefined;
}

export const runInTransactionScope = <T>(open: OpenTransaction, work: () => T): T => scope.run(open, work);
