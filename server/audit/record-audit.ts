// The one way anything is written to the audit trail (HIPAA audit controls): who, what action,
// which patient if any, when (UTC), from which address, and the outcome.
import type { Db, DbOrTx } from '../db/client';
import type { AppError } from '../errors';
import { sql } from 'drizzle-orm';
import { engineNameOf } from '../db/engine';
import { prepared } from '../db/prepared';
import { auditEvents } from '../db/schema/index';
import { isWriteRefusedByStorage } from '../storage-failure';
import { AUDIT_CHAIN_FUNCTION, canonicalContent } from './audit-chain';
import { commitChainedAuditBatch, insertChainedAuditEvents, type UnchainedAuditEvent } from './audit-chain-postgres';
import { inTransaction } from '../db/in-transaction';
import { batchReadAudits, deferToCollectingRead, readCollectingAudits } from './read-audit-batch';
import { refusedProcedure, type AuditEntry, type AuditOutcome, type RefusedProcedure } from './audit-entry';
import { noteAuditGap } from './audit-gaps';

// What an event says lives in audit-entry.ts, so audit-gaps.ts can name it without a circle.
export { refusedProcedure, type AuditEntry, type AuditOutcome, type RefusedProcedure };

export interface AuditActor {
  userId: number | null;
  type: 'patient' | 'medic' | 'anonymous';
  ip: string | null;
  /** The name the actor acts under now, kept with the event (null for anonymous callers). */
  name?: string | null;
  lname?: string | null;
}

const placeholders = {
  at: sql.placeholder('at'),
  actorUserId: sql.placeholder('actorUserId'),
  actorType: sql.placeholder('actorType'),
  action: sql.placeholder('action'),
  patientId: sql.placeholder('patientId'),
  outcome: sql.placeholder('outcome'),
  ip: sql.placeholder('ip'),
  detail: sql.placeholder('detail'),
  emergency: sql.placeholder('emergency'),
  actorName: sql.placeholder('actorName'),
  actorLname: sql.placeholder('actorLname'),
};

// Every request writes one of these, so the insert is prepared once. The previous row is read in
// the same statement as the insert: no other write can come between.
// SQLite dialect: the chain is computed by audit_chain, the SQL function registered on the SQLite
// writer (registerAuditChain, app.ts), inside the INSERT. PostgreSQL has no such function: there the
// server computes the chain under an advisory lock (audit-chain-postgres.ts).
const insertAuditEvent = prepared('record-audit.insert-event', (db) => {
  const previous = sql`(select ${auditEvents.chain} from ${auditEvents} order by ${auditEvents.id} desc limit 1)`;
  return db
    .insert(auditEvents)
    .values({ ...placeholders, chain: sql`${sql.raw(AUDIT_CHAIN_FUNCTION)}(${previous}, ${sql.placeholder('content')})` } as unknown as typeof auditEvents.$inferInsert);
});

/** Writes one audit event: in the transaction the caller is in, else in one of its own. */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const content = {
    at: entry.at ?? new Date().toISOString(),
    actorUserId: actor.userId,
    actorType: actor.type,
    action: entry.action,
    patientId: entry.patientId ?? null,
    outcome: entry.outcome,
    ip: actor.ip,
    detail: entry.detail ?? null,
    emergency: entry.emergency ?? false,
    actorName: actor.name ?? null,
    actorLname: actor.lname ?? null,
  };
  const event: PendingEvent = { content, canonical: canonicalContent(content) };
  // Inside an audited read, the read's batch writes it (read-audit-batch.ts).
  if (deferToCollectingRead(db, event)) return;
  await insertAuditEvents(db, [event]);
}

interface PendingEvent {
  content: UnchainedAuditEvent;
  canonical: string;
}

/** Inserts `events` in order, chained: in the transaction the caller is in, else in one of their own. */
async function insertAuditEvents(db: DbOrTx, events: PendingEvent[]): Promise<void> {
  if (engineNameOf(db) === 'postgres') {
    await insertChainedAuditEvents(db, events.map(({ content, canonical }) => ({ event: content, content: canonical })));
    return;
  }
  for (const { content, canonical } of events) await insertAuditEvent.run(db, { ...content, emergency: content.emergency ? 1 : 0, content: canonical });
}

/**
 * From now on the audited reads on `db` commit their events together, one transaction per turn of
 * the event loop (read-audit-batch.ts). The server turns it on (app.ts); a command's reads each
 * commit their own.
 */
export function batchReadAuditsOf(db: Db): void {
  batchReadAudits(db, async (pending) => {
    const events = pending as PendingEvent[];
    if (engineNameOf(db) === 'postgres') await commitChainedAuditBatch(db, events.map(({ content, canonical }) => ({ event: content, content: canonical })));
    else await inTransaction(db, (tx) => insertAuditEvents(tx, events), { durability: 'process' });
  });
}

/**
 * Runs a read and commits its audit events before it resolves. On a server the reads answered in one
 * turn commit theirs together (read-audit-batch.ts); elsewhere the read and its events are one
 * transaction. A read changes no patient data, so its events' commit needs to survive the process
 * dying (kill -9), not a power cut: with WAL and synchronous=NORMAL the commit is in the WAL file
 * at once and reaches the disk with the next change's commit (which stays synchronous=FULL) or
 * checkpoint (on PostgreSQL, synchronous_commit is off for it). Skipping that flush on every read is
 * what lets a record be read thousands of times a second with every read audited. A failed read
 * audits nothing here: the caller's refusal audit (trpc.ts) records it. Inside a transaction
 * already, the read joins it.
 */
export function auditedRead<T>(db: Db, read: (db: DbOrTx) => Promise<T> | T): Promise<T> {
  return readCollectingAudits(db, read);
}

/**
 * Writes a refusal's (or a failure's) audit event. When the storage will not take it — no room
 * left, a read-only database — the refusal must still answer its own status, not a 500: the miss
 * is counted and logged as a gap in the trail (audit-gaps.ts) instead of thrown. Anything else is thrown.
 */
export async function recordRefusal(db: DbOrTx, who: AuditActor, entry: AuditEntry): Promise<void> {
  try {
    await recordAudit(db, who, entry);
  } catch (error) {
    if (!isWriteRefusedByStorage(error)) throw error;
    noteAuditGap(entry, error);
  }
}

/** Audits a refusal and marks it audited (so it is recorded once), then throws it. */
export async function refuse(db: DbOrTx, who: AuditActor, entry: AuditEntry, error: AppError): Promise<never> {
  await recordRefusal(db, who, entry);
  error.audited = true;
  throw error;
}
