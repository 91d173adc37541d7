// Emergency ("break the glass") access: a medic who is not linked states a reason and reads one
// patient's record for a limited time. Every start and every use is audited with the reason.
import { desc, eq, sql } from 'drizzle-orm';
import type { EmergencyAccess, EmergencyAccessInput } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { auditedChange } from './audited-change';
import { auditAs, type Caller, type MedicCaller } from './caller';
import { emergencyAccesses, medics, patients, users } from '../db/schema/index';
import { AppError } from '../errors';
import { isLinked } from './access';
import { doctorColumns } from './columns';
import { findPatientByEmail } from './patient-queries';

// The patient's names by their account's id, read beside the row: drizzle's PostgreSQL dialect
// renders a join to an alias of a SQLite table (alias(users, …)) by the alias alone, which
// PostgreSQL cannot find, so the patient's account is not joined a second time under another name.
const patientUserColumn = (column: 'name' | 'lname') =>
  sql<string>`(select ${sql.identifier('patient_user')}.${sql.identifier(column)} from ${users} ${sql.identifier('patient_user')} where ${sql.identifier('patient_user')}.id = ${patients.userId})`;

/** Emergency accesses, newest first, or only `onlyId`: one statement whatever their number. */
export async function listEmergencyAccesses(db: DbOrTx, onlyId?: number): Promise<EmergencyAccess[]> {
  const rows = await db
    .select({
      idAccess: emergencyAccesses.id,
      // The name the medic acted under, not the one they may have taken since.
      medic: { ...doctorColumns, name: sql<string>`coalesce(${emergencyAccesses.medicName}, ${users.name})`, lname: sql<string>`coalesce(${emergencyAccesses.medicLname}, ${users.lname})` },
      idPatient: patients.id,
      patientName: patientUserColumn('name'),
      patientLname: patientUserColumn('lname'),
      reason: emergencyAccesses.reason,
      startedAt: emergencyAccesses.startedAt,
      expiresAt: emergencyAccesses.expiresAt,
    })
    .from(emergencyAccesses)
    .innerJoin(medics, eq(medics.id, emergencyAccesses.medicId))
    .innerJoin(users, eq(users.id, medics.userId))
    .innerJoin(patients, eq(patients.id, emergencyAccesses.patientId))
    .where(onlyId === undefined ? undefined : eq(emergencyAccesses.id, onlyId))
    .orderBy(desc(emergencyAccesses.startedAt), desc(emergencyAccesses.id));
  return rows.map(({ idPatient, patientName, patientLname, ...access }) => ({
    ...access,
    patient: { idPatient, name: patientName, lname: patientLname },
  }));
}

/** POST /medics/emergency-access: read-only access to one patient for `hours`, with the reason given. */
export async function startEmergencyAccess(caller: MedicCaller, input: EmergencyAccessInput, hours: number): Promise<EmergencyAccess> {
  const { medicId } = caller.actor;
  const options = { now: caller.now, hours };
  return await auditedChange(caller, { action: 'emergency.start' }, async (tx, succeeded) => {
    const found = await findPatientByEmail(tx, input.patientEmail);
    if (!found) throw new AppError('PATIENT_NOT_FOUND', 'No patient account has that email.');
    if (await isLinked(tx, medicId, found.idPatient)) {
      throw new AppError('ALREADY_LINKED', 'That patient is already linked to you: open the record from your list.');
    }
    const startedAt = options.now;
    const expiresAt = new Date(startedAt.getTime() + options.hours * 3_600_000);
    const [inserted] = await tx
      .insert(emergencyAccesses)
      .values({ medicId, patientId: found.idPatient, reason: input.reason, medicName: caller.actor.name, medicLname: caller.actor.lname, startedAt: startedAt.toISOString(), expiresAt: expiresAt.toISOString() })
      .returning({ id: emergencyAccesses.id });
    await succeeded({ patientId: found.idPatient, emergency: true, detail: input.reason });
    return (await listEmergencyAccesses(tx, inserted!.id))[0]!;
  });
}

/** GET /admin/emergency-access, audited as a read. */
export async function emergencyAccessesFor(caller: Caller): Promise<EmergencyAccess[]> {
  const accesses = await listEmergencyAccesses(caller.db);
  await auditAs(caller, { action: 'admin.emergencyAccesses', outcome: 'success', detail: `${accesses.length} accesses` });
  return accesses;
}
