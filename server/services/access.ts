// The one rule for who may see a patient's record: the patient themself, a medic linked to them
// (a link the patient agreed to), or, read-only and for a limited time, a medic with emergency
// access. Everyone else is told the patient does not exist (API.md: existence is never revealed).
import { and, desc, eq, sql } from 'drizzle-orm';
import { refuse, type AuditEntry } from '../audit/record-audit';
import { auditActorOf } from '../auth/audit-actor';
import type { Actor } from '../auth/sessions';
import type { DbOrTx } from '../db/client';
import { prepared } from '../db/prepared';
import { emergencyAccesses, medicPatients } from '../db/schema/index';
import { AppError } from '../errors';
import { keptStanding, type EmergencyAccessGrant as ActiveEmergencyAccess, type MedicStanding } from './access-cache';

// Asked by the transactions that make or refuse a link, and by patientAccess when nothing is kept: prepared once.
const selectLink = prepared('access.select-link', (db) =>
  db
    .select({ one: medicPatients.patientId })
    .from(medicPatients)
    .where(and(eq(medicPatients.medicId, sql.placeholder('medicId')), eq(medicPatients.patientId, sql.placeholder('patientId')))),
);

export async function isLinked(db: DbOrTx, medicId: number, patientId: number): Promise<boolean> {
  return Boolean(await selectLink.get(db, { medicId, patientId }));
}

export type { EmergencyAccessGrant as ActiveEmergencyAccess } from './access-cache';

/** The medic's emergency access to this patient that runs longest, whether it still runs or not (the latest). */
const selectLatestEmergency = prepared('access.select-latest-emergency', (db) =>
  db
    .select({ idAccess: emergencyAccesses.id, reason: emergencyAccesses.reason, expiresAt: emergencyAccesses.expiresAt })
    .from(emergencyAccesses)
    .where(and(eq(emergencyAccesses.medicId, sql.placeholder('medicId')), eq(emergencyAccesses.patientId, sql.placeholder('patientId'))))
    .orderBy(desc(emergencyAccesses.expiresAt), desc(emergencyAccesses.id))
    .limit(1),
);

const loadStanding = async (db: DbOrTx, medicId: number, patientId: number): Promise<MedicStanding> => ({
  linked: await isLinked(db, medicId, patientId),
  latestEmergency: await selectLatestEmergency.get(db, { medicId, patientId }),
});

/** How the caller reaches a patient: fully, read-only through emergency access, or not at all. */
export type PatientAccess = { kind: 'full' } | ({ kind: 'emergency' } & ActiveEmergencyAccess) | { kind: 'none' };

/**
 * Asked before every patient-scoped call. A medic's link and emergency access come from memory
 * while nothing about either changed (access-cache.ts); whether that emergency access still runs is
 * decided here against `now`, every time.
 */
export async function patientAccess(db: DbOrTx, actor: Actor, patientId: number, now: Date): Promise<PatientAccess> {
  if (actor.type === 'patient' && actor.patientId === patientId) return { kind: 'full' };
  if (actor.medicId === null) return { kind: 'none' };
  const { medicId } = actor;
  const standing = await keptStanding(db, medicId, patientId, () => loadStanding(db, medicId, patientId));
  // Full access is a patient's own record or a linked medic's; a patient is never reached by a link.
  if (standing.linked && actor.type === 'medic') return { kind: 'full' };
  const emergency = standing.latestEmergency;
  return emergency && emergency.expiresAt > now.toISOString() ? { kind: 'emergency', ...emergency } : { kind: 'none' };
}

export type AccessMode = 'read' | 'write';

/**
 * The caller's access to the patient for a read or a write, or a refusal that is audited: a patient
 * the caller cannot reach at all is PATIENT_NOT_FOUND; a write under emergency access is FORBIDDEN
 * (the medic already knows the record exists, and it stays read-only).
 */
export async function assertPatientAccess(
  db: DbOrTx,
  actor: Actor,
  ip: string,
  patientId: number,
  action: AuditEntry['action'],
  options: { mode: AccessMode; now: Date },
): Promise<Exclude<PatientAccess, { kind: 'none' }>> {
  const access = await patientAccess(db, actor, patientId, options.now);
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
