// The one way anything is written to the audit trail (HIPAA audit controls): who, what action,
// which patient if any, when (UTC), from which address, and the outcome.
import type { Db, DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { sql } from 'drizzle-orm';
import { auditEvents } from '../db/schema/index';
import { AUDIT_CHAIN_FUNCTION, canonicalContent } from './audit-chain';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditActor {
  userId: number | null;
  type: 'patient' | 'medic' | 'anonymous';
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  patientId?: number | null;
  detail?: string | null;
  /** Done under emergency access; the patient's access log flags it. */
  emergency?: boolean;
}

export function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): void {
  const content = {
    at: new Date().toISOString(),
    actorUserId: actor.userId,
    actorType: actor.type,
    action: entry.action,
    patientId: entry.patientId ?? null,
    outcome: entry.outcome,
    ip: actor.ip,
    detail: entry.detail ?? null,
    emergency: entry.emergency ?? false,
  };
  // The previous row is read in the same statement as the insert: no other write can come between.
  const previous = sql`(select ${auditEvents.chain} from ${auditEvents} order by ${auditEvents.id} desc limit 1)`;
  db.insert(auditEvents)
    .values({ ...content, chain: sql`${sql.raw(AUDIT_CHAIN_FUNCTION)}(${previous}, ${canonicalContent(content)})` })
    .run();
}

/** Audits a refusal and marks it audited (so it is recorded once), then throws it. */
export function refuse(db: DbOrTx, who: AuditActor, entry: AuditEntry, error: AppError): never {
  recordAudit(db, who, entry);
  error.audited = true;
  throw error;
}

/**
 * Runs a change in one transaction; `change` writes its own success event inside it, so the two
 * commit together or not at all. A refusal (an AppError) changes nothing and is audited as a failure.
 */
export function auditedTransaction<T>(
  db: Db,
  who: AuditActor,
  action: string,
  patientId: number | null,
  change: (tx: DbOrTx) => T,
): T {
  try {
    return db.transaction(change);
  } catch (error) {
    if (error instanceof AppError && !error.audited) refuse(db, who, { action, outcome: 'failure', patientId, detail: error.code }, error);
    throw error;
  }
}
