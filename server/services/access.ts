// The one rule for who may see a patient's record: the patient themself, or a medic linked to
// them. Everyone else is told the patient does not exist (API.md: existence is never revealed).
import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import type { Actor } from '../auth/sessions';
import type { DbOrTx } from '../db/client';
import { medicPatients } from '../db/schema/index';
import { AppError } from '../errors';

export function isLinked(db: DbOrTx, medicId: number, patientId: number): boolean {
  return Boolean(
    db
      .select({ one: medicPatients.patientId })
      .from(medicPatients)
      .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
      .get(),
  );
}

export function canAccessPatient(db: DbOrTx, actor: Actor, patientId: number): boolean {
  if (actor.type === 'patient') return actor.patientId === patientId;
  return actor.medicId !== null && isLinked(db, actor.medicId, patientId);
}

export const auditActorOf = (actor: Actor, ip: string): AuditActor => ({ userId: actor.userId, type: actor.type, ip });

/** Throws PATIENT_NOT_FOUND, and audits the refusal, unless the actor may see this patient. */
export function assertPatientAccess(db: DbOrTx, actor: Actor, ip: string, patientId: number, action: string): void {
  if (canAccessPatient(db, actor, patientId)) return;
  recordAudit(db, auditActorOf(actor, ip), {
    action,
    outcome: 'denied',
    patientId,
  });
  throw new AppError('PATIENT_NOT_FOUND');
}
