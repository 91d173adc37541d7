// Emergency ("break the glass") access: a medic who is not linked states a reason and reads one
// patient's record for a limited time. Every start and every use is audited with the reason.
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { EmergencyAccess, EmergencyAccessInput } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { auditedChange } from './audited-change';
import { auditAs, type Caller, type MedicCaller } from './caller';
import { emergencyAccesses, medics, patients, users } from '../db/schema/index';
import { AppError } from '../errors';
import { isLinked } from './access';
import { doctorColumns } from './columns';
import { findPatientByEmail } from './patient-queries';

const patientUsers = alias(users, 'patient_users');

/** Emergency accesses, newest first, or only `onlyId`: one statement whatever their number. */
export function listEmergencyAccesses(db: DbOrTx, onlyId?: number): EmergencyAccess[] {
  return db
    .select({
      idAccess: emergencyAccesses.id,
      // The name the medic acted under, not the one they may have taken since.
      medic: { ...doctorColumns, name: sql<string>`coalesce(${emergencyAccesses.medicName}, ${users.name})`, lname: sql<string>`coalesce(${emergencyAccesses.medicLname}, ${users.lname})` },
      idPatient: patients.id,
      patientName: patientUsers.name,
      patientLname: patientUsers.lname,
      reason: emergencyAccesses.reason,
      startedAt: emergencyAccesses.startedAt,
      expiresAt: emergencyAccesses.expiresAt,
    })
    .from(emergencyAccesses)
    .innerJoin(medics, eq(medics.id, emergencyAccesses.medicId))
    .innerJoin(users, eq(users.id, medics.userId))
    .innerJoin(patients, eq(patients.id, emergencyAccesses.patientId))
    .innerJoin(patientUsers, eq(patientUsers.id, patients.userId))
    .where(onlyId === undefined ? undefined : eq(emergencyAccesses.id, onlyId))
    .orderBy(desc(emergencyAccesses.startedAt), desc(emergencyAccesses.id))
    .all()
    .map(({ idPatient, patientName, patientLname, ...access }) => ({
      ...access,
      patient: { idPatient, name: patientName, lname: patientLname },
    }));
}

/** POST /medics/emergency-access: read-only access to one patient for `hours`, with the reason given. */
export function startEmergencyAccess(caller: MedicCaller, input: EmergencyAccessInput, hours: number): EmergencyAccess {
  const { medicId } = caller.actor;
  const options = { now: caller.now, hours };
  return auditedChange(caller, { action: 'emergency.start' }, (tx, succeeded) => {
    const found = findPatientByEmail(tx, input.patientEmail);
    if (!found) throw new AppError('PATIENT_NOT_FOUND', 'No patient account has that email.');
    if (isLinked(tx, medicId, found.idPatient)) {
      throw new AppError('ALREADY_LINKED', 'That patient is already linked to you: open the record from your list.');
    }
    const startedAt = options.now;
    const expiresAt = new Date(startedAt.getTime() + options.hours * 3_600_000);
    const { id } = tx
      .insert(emergencyAccesses)
      .values({ medicId, patientId: found.idPatient, reason: input.reason, medicName: caller.actor.name, medicLname: caller.actor.lname, startedAt: startedAt.toISOString(), expiresAt: expiresAt.toISOString() })
      .returning({ id: emergencyAccesses.id })
      .get();
    succeeded({ patientId: found.idPatient, emergency: true, detail: input.reason });
    return listEmergencyAccesses(tx, id)[0]!;
  });
}

/** GET /admin/emergency-access, audited as a read. */
export function emergencyAccessesFor(caller: Caller): EmergencyAccess[] {
  const accesses = listEmergencyAccesses(caller.db);
  auditAs(caller, { action: 'admin.emergencyAccesses', outcome: 'success', detail: `${accesses.length} accesses` });
  return accesses;
}
