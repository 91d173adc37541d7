// The one way anything is written to the audit trail (HIPAA audit controls): who, what action,
// which patient if any, when (UTC), from which address, and the outcome.
import type { Db, DbOrTx } from '../db/client';
import type { AppError } from '../errors';
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { connectionOf, preparedPerConnection } from '../db/prepared';
import { auditEvents } from '../db/schema/index';
import { isWriteRefusedByStorage } from '../storage-failure';
import { AUDIT_CHAIN_FUNCTION, canonicalContent } from './audit-chain';
import { refusedProcedure, type AuditEntry, type AuditOutcome, type RefusedProcedure } from './audit-entry';
import { noteAuditGap } from './audit-gaps';
import { batchReadAudits, batchesReadAudits, collectReadAudits, deferToCollectingRead, type AuditRow } from './read-audit-batch';

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
const insertAuditEvent = preparedPerConnection((db) => {
  const previous = sql`(select ${auditEvents.chain} from ${auditEvents} order by ${auditEvents.id} desc limit 1)`;
  return db
    .insert(auditEvents)
    .values({ ...placeholders, chain: sql`${sql.raw(AUDIT_CHAIN_FUNCTION)}(${previous}, ${sql.placeholder('content')})` } as unknown as typeof auditEvents.$inferInsert)
    .prepare();
});

export function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): void {
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
  const row = { ...content, emergency: content.emergency ? 1 : 0, content: canonicalContent(content) };
  // Inside a read on a server that batches them (read-audit-batch.ts), the read's batch writes it.
  if (deferToCollectingRead(connectionOf(db), row)) return;
  insertAuditEvent(db).run(row);
}

// Switching the commit's durability is two statements; prepared once like everything on the hot path.
const durability = new WeakMap<Database.Database, { processOnly: Database.Statement; full: Database.Statement }>();
function durabilityOf(sqlite: Database.Database) {
  let statements = durability.get(sqlite);
  if (!statements) {
    statements = { processOnly: sqlite.prepare('pragma synchronous = normal'), full: sqlite.prepare('pragma synchronous = full') };
    durability.set(sqlite, statements);
  }
  return statements;
}

/**
 * Runs a read and writes its audit event in one transaction, so that what was read is what the
 * trail says was read. A read changes no patient data, so its commit needs to survive the process
 * dying (kill -9), not a power cut: with WAL and synchronous=NORMAL the commit is in the WAL file
 * at once and reaches the disk with the next change's commit (which stays synchronous=FULL) or
 * checkpoint. Skipping that flush on every read is what lets a record be read thousands of times
 * a second with every read audited. A failed read rolls back and audits nothing here: the caller's
 * refusal audit (trpc.ts) records it.
 */
export function auditedRead<T>(db: Db, read: (db: DbOrTx) => T): T {
  const sqlite = db.$client;
  // A read-only transaction (what was read is one snapshot); its events commit with the turn's batch.
  if (batchesReadAudits(sqlite)) return collectReadAudits(sqlite, () => sqlite.transaction(() => read(db))());
  const { processOnly, full } = durabilityOf(db.$client);
  processOnly.run();
  try {
    // better-sqlite3's own transaction: drizzle's would build a transaction handle on every read,
    // and statements run on the connection, whichever handle names it.
    return db.$client.transaction(() => read(db))();
  } finally {
    full.run();
  }
}

/**
 * From now on the reads on `db` commit their audit events together, one transaction per turn of the
 * event loop (read-audit-batch.ts), with the durability a read's own commit had (above). The server
 * turns this on and holds each response until its batch has committed (app.ts).
 */
export function batchReadAuditsOf(db: Db): void {
  const { processOnly, full } = durabilityOf(db.$client);
  const insertAll = db.$client.transaction((rows: AuditRow[]) => {
    for (const row of rows) insertAuditEvent(db).run(row);
  });
  batchReadAudits(db.$client, (rows) => {
    processOnly.run();
    try {
      insertAll(rows);
    } finally {
      full.run();
    }
  });
}

/**
 * Writes a refusal's (or a failure's) audit event. When the storage will not take it — no room
 * left, a read-only database — the refusal must still answer its own status, not a 500: the miss
 * is counted and logged as a gap in the trail (audit-gaps.ts) instead of thrown. Anything else is thrown.
 */
export function recordRefusal(db: DbOrTx, who: AuditActor, entry: AuditEntry): void {
  try {
    recordAudit(db, who, entry);
  } catch (error) {
    if (!isWriteRefusedByStorage(error)) throw error;
    noteAuditGap(entry, error);
  }
}

/** Audits a refusal and marks it audited (so it is recorded once), then throws it. */
export function refuse(db: DbOrTx, who: AuditActor, entry: AuditEntry, error: AppError): never {
  recordRefusal(db, who, entry);
  error.audited = true;
  throw error;
}
