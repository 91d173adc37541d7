// The audit chain on PostgreSQL (a clinic network): computed by the server, not inside the INSERT as
// on SQLite (audit-chain.ts), since no SQL function there holds the key, and several servers write to
// the one trail. A transaction-scoped advisory lock takes the trail's inserts one at a time across
// every server, from the read of the newest row's chain to the commit: the chain stays one sequence,
// with no fork. Ids are given in that same turn (the newest id + 1), not by the identity's sequence,
// which a rolled-back insert would leave with a gap.
import { desc, sql } from 'drizzle-orm';
import { engineOf, type DbOrTx } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { sqlRun } from '../db/raw-sql';
import { auditEvents } from '../db/schema/index';
import { chainValue } from './audit-chain';

/** The trail's advisory lock: a number no other lock of the app takes ("AUDI"). */
const AUDIT_TRAIL_LOCK = 0x41554449;

const keys = new WeakMap<object, string>();

/** The key this server chains its audit events with on `db`'s PostgreSQL database (as registerAuditChain does on SQLite). */
export function registerPostgresAuditChain(db: DbOrTx, key: string): void {
  keys.set(engineOf(db), key);
}

/** An audit event as inserted, without its chain. */
export type UnchainedAuditEvent = Omit<typeof auditEvents.$inferInsert, 'id' | 'chain'>;

/**
 * Inserts `event`, chained after the newest row: in the transaction the caller is in, else in one of
 * its own; resolves with its id. `content` is the event's canonical content (canonicalContent).
 */
export async function insertChainedAuditEvent(db: DbOrTx, event: UnchainedAuditEvent, content: string): Promise<number> {
  const key = keys.get(engineOf(db));
  if (key === undefined) throw new Error('no audit key is registered for this PostgreSQL database (registerPostgresAuditChain)');
  return await inTransaction(db, async (tx) => {
    // Held until this transaction ends: no other insert into the trail reads the same newest row.
    await sqlRun(tx, sql.raw(`select pg_advisory_xact_lock(${AUDIT_TRAIL_LOCK})`));
    const [newest] = await tx.select({ id: auditEvents.id, chain: auditEvents.chain }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    const id = (newest?.id ?? 0) + 1;
    await tx.insert(auditEvents).values({ ...event, id, chain: chainValue(key, newest?.chain ?? null, content) });
    return id;
  });
}
