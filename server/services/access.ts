// The one rule for who may see a patient's record: the patient themself, a medic linked to them
// (a link the patient agreed to), or, read-only and for a limited time, a medic with emergency
// access. Everyone else is told the patient does not exist (API.md: existence is never revealed).
import { and, eq, gt, sql } from 'drizzle-orm';
import { refuse, type AuditActor } from '../audit/record-audit';
import type { Actor } from '../auth/sessions';
import type { DbOrTx } from '../db/client';
import { preparedPerConnection } from '../db/prepared';
import { emergencyAccesses, medicPatients } from '../db/schema/index';
import { AppError } from '../errors';

// Asked before every patient-scoped call: prepared once.
const selectLink = preparedPerConnection((db) =>
  db
    .select({ one: medicPatients.patientId })
    .from(medicPatients)
    .where(and(eq(medicPatients.medicId, sql.placeholder('medicId')), eq(medicPatients.patientId, sql.placeholder('patientId'))))
    .prepare(),
);

export function isLinked(db: DbOrTx, medicId: number, patientId: number): boolean {
  return Boolean(selectLink(db).get({ medicId, patientId }));
}

/** Full access: the patient themself or a linked medic. Emergency access is never full. */
export function canAccessPatient(db: DbOrTx, actor: Actor, patientId: number): boolean {
  if (actor.type === 'patient') return actor.patientId === patientId;
  return actor.medicId !== null && isLinked(db, actor.medicId, patientId);
}

export interface ActiveEmergencyAccess {
  idAccess: number;
  reason: string;
  expiresAt: string;
}

/** The medic's emergency access to this patient that is still running at `now`, if any (the latest). */
export function activeEmergencyAccess(db: DbOrTx, medicId: number, patientId: number, now: Date): ActiveEmergencyAccess | undefined {
  return db
    .select({ idAccess: emergencyAccesses.id, reason: emergencyAccesses.reason, expiresAt: emergencyAccesses.expiresAt })
    .from(emergencyAccesses)
    .where(
      and(
        eq(emergencyAccesses.medicId, medicId),
        eq(emergencyAccesses.patientId, patientId),
        gt(emergencyAccesses.expiresAt, now.toISOString()),
      ),
    )
    .orderBy(emergencyAccesses.expiresAt)
    .all()
    .at(-1);
}

/** How the caller reaches a patient: fully, read-only through emergency access, or not at all. */
export type PatientAccess = { kind: 'full' } | ({ kind: 'emergency' } & ActiveEmergencyAccess) | { kind: 'none' };

export function patientAccess(db: DbOrTx, actor: Actor, patientId: number, now: Date): PatientAccess {
  if (canAccessPatient(db, actor, patientId)) return { kind: 'full' };
  const emergency = actor.medicId !== null ? activeEmergencyAccess(db, actor.medicId, patientId, now) : undefined;
  return emergency ? { kind: 'emergency', ...emergency } : { kind: 'none' };
}

export const auditActorOf = (actor: Actor, ip: string): AuditActor => ({
  userId: actor.userId,
  type: actor.type,
  ip,
  name: actor.name,
  lname: actor.lname,
});

export type AccessMode = 'read' | 'write';

/**
 * The caller's access to the patient for a read or a write, or a refusal that is audited: a patient
 * the caller cannot reach at all is PATIENT_NOT_FOUND; a write under emergency access is FORBIDDEN
 * (the medic already knows the record exists, and it stays read-only).
 */
export function assertPatientAccess(
  db: DbOrTx,
  actor: Actor,
  ip: string,
  patientId: number,
  action: string,
  options: { mode: AccessMode; now: Date },
): Exclude<PatientAccess, { kind: 'none' }> {
  const access = patientAccess(db, actor, patientId, options.now);
  if (access.kind === 'full' || (access.kind === 'emergency' && options.mode === 'read')) return access;
  // A refused write under emergency access is flagged with the reason, like every emergency event.
  const readOnly = access.kind === 'emergency';
  return refuse(
    db,
    auditActorOf(actor, ip),
    { action, outcome: 'denied', patientId, emergency: readOnly, detail: readOnly ? access.reason : null },
    readOnly ? new AppError('FORBIDDEN', 'Emergency access is read-only: this record cannot be changed.') : new AppError('PATIENT_NOT_FOUND'),
  );
}
