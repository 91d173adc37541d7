// The audit chain on PostgreSQL, where several servers write one trail. SQLite computes each row's
// chain inside its INSERT through a function registered on its one writer (audit-chain.ts); here the
// audit key stays in the servers (never sent to the database), so the server computes it, holding a
// transaction-scoped advisory lock that every server's audit insert takes: one order, each row
// chained on the row before it, ids given in turn (last id + 1), so a rolled-back change leaves no gap
// and two servers can never fork the chain. The lock is held until the change commits.
import { engineOf, type DbOrTx, type Engine } from '../db/engine';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { canonicalContent, chainValue, type AuditContent } from './audit-chain';

/** The advisory lock audit inserts take turns on: any constant no other lock of the program uses. */
const AUDIT_LOCK = 7_102_002;

const auditKeys = new WeakMap<Engine, string>();

/** The audit key this server chains PostgreSQL rows with (the same key on every server of the network). */
export function useAuditKeyOnPostgres(db: DbOrTx, key: string): void {
  auditKeys.set(engineOf(db), key);
}

function auditKeyOf(db: DbOrTx): string {
  const key = auditKeys.get(engineOf(db));
  if (key === undefined) throw new Error('no audit key was given to this PostgreSQL database (useAuditKeyOnPostgres)');
  return key;
}

/** Appends `events`, in order, inside the caller's transaction `tx`. */
export async function appendAuditEventsOnPostgres(tx: DbOrTx, events: AuditContent[]): Promise<void> {
  const key = auditKeyOf(tx);
  await rawRows(tx, 'select pg_advisory_xact_lock(?)', [AUDIT_LOCK]);
  const last = await rawGet<{ id: number; chain: string | null }>(tx, 'select id, chain from audit_events order by id desc limit 1');
  let id = last?.id ?? 0;
  let previous = last?.chain ?? null;
  for (const event of events) {
    id += 1;
    const chain = chainValue(key, previous, canonicalContent(event));
    await rawRun(
      tx,
      `insert into audit_events (id, at, actor_user_id, actor_type, action, patient_id, outcome, ip, detail, emergency, actor_name, actor_lname, chain)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        event.at,
        event.actorUserId,
        event.actorType,
        event.action,
        event.patientId,
        event.outcome,
        event.ip,
        event.detail,
        event.emergency ? 1 : 0,
        event.actorName ?? null,
        event.actorLname ?? null,
        chain,
      ],
    );
    previous = chain;
  }
}
