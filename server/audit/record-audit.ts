// The one way anything is written to the audit trail (HIPAA audit controls): who, what action,
// which patient if any, when (UTC), from which address, and the outcome.
import type { DbOrTx } from '../db/client';
import { auditEvents } from '../db/schema/index';

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
}

export function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): void {
  db.insert(auditEvents)
    .values({
      at: new Date().toISOString(),
      actorUserId: actor.userId,
      actorType: actor.type,
      action: entry.action,
      patientId: entry.patientId ?? null,
      outcome: entry.outcome,
      ip: actor.ip,
      detail: entry.detail ?? null,
    })
    .run();
}
