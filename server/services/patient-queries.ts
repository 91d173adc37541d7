// Reads of patients for the medic workspace. Each answers in one SQL statement, whatever the
// number of patients (a grouped join, never a query per patient).
import { and, asc, count, eq, isNotNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Doctor, Patient, PatientListItem, PatientSearchResult } from '../../shared/patients';
import { SEARCH_RESULTS_LIMIT } from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { caseInsensitive } from './case-insensitive';
import { doctorColumns, patientColumns } from './columns';
import { byEmail } from './users';
import { auditedRead } from '../audit/record-audit';
import { auditAs, type Caller, type MedicCaller } from './caller';
import { nowMoment } from './card-appointments';
import { AppError } from '../errors';
import { clinicalHistories, medicPatients, medics, patients, users } from '../db/schema/index';

const byLastNameThenName = (db: DbOrTx) => [asc(caseInsensitive(db, users.lname)), asc(caseInsensitive(db, users.name)), asc(patients.id)];

/**
 * The medic's linked patients, in one statement whatever their number; `now` (practice-local) parts
 * each one's last appointment from the next (card-appointments.ts).
 */
export async function listLinkedPatients(db: DbOrTx, medicId: number, now: string): Promise<PatientListItem[]> {
  return await db
    .select({
      idPatient: patients.id,
      name: users.name,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      bloodGroup: patients.bloodGroup,
      bloodRh: patients.bloodRh,
      lastAppointment: sql<string | null>`max(case when ${clinicalHistories.date} <= ${now} then ${clinicalHistories.date} end)`,
      nextAppointment: sql<string | null>`min(case when ${clinicalHistories.date} > ${now} then ${clinicalHistories.date} end)`,
      appointmentCount: count(clinicalHistories.id),
    })
    .from(medicPatients)
    .innerJoin(patients, eq(patients.id, medicPatients.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(clinicalHistories, eq(clinicalHistories.patientId, patients.id))
    .where(eq(medicPatients.medicId, medicId))
    // PostgreSQL takes the account's columns once grouped by its key too (the one account of the patient).
    .groupBy(...(engineNameOf(db) === 'sqlite' ? [patients.id] : [patients.id, users.id]))
    .orderBy(...byLastNameThenName(db));
}

/** A LIKE pattern matching `text` anywhere, with % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeLower = (column: SQLWrapper, pattern: string) => sql`lower(${column}) like ${pattern} escape '\\'`;

/**
 * Patient search for a medic (API.md "Directory privacy"): any field among the medic's own
 * patients; other patients only by their exact email, so the directory cannot be browsed.
 */
export async function searchPatients(db: DbOrTx, medicId: number, query: string): Promise<PatientSearchResult[]> {
  const pattern = containsPattern(query);
  const linked = isNotNull(medicPatients.medicId);
  const rows = await db
    .select({ idPatient: patients.id, name: users.name, lname: users.lname, email: users.email, phone: users.phone, linked: sql<number>`${linked}` })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(medicPatients, and(eq(medicPatients.patientId, patients.id), eq(medicPatients.medicId, medicId)))
    .where(
      or(
        and(
          linked,
          or(
            likeLower(users.name, pattern),
            likeLower(users.lname, pattern),
            likeLower(users.email, pattern),
            likeLower(sql`coalesce(${users.phone}, '')`, pattern),
          ),
        ),
        byEmail(query),
      ),
    )
    .orderBy(...byLastNameThenName(db))
    .limit(SEARCH_RESULTS_LIMIT);
  // A patient found only by exact email is someone else's: the medic learns that the account
  // exists (to ask for a link), not how to reach them.
  return rows.map((row) => ({ ...row, phone: row.linked ? row.phone : null, linked: Boolean(row.linked) }));
}

/** Doctor search for everyone: active medics only; pending and disabled ones are invisible. */
export async function searchDoctors(db: DbOrTx, query: string): Promise<Doctor[]> {
  const pattern = containsPattern(query);
  return await db
    .select(doctorColumns)
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(
      and(
        eq(users.status, 'active'),
        or(likeLower(users.name, pattern), likeLower(users.lname, pattern), likeLower(users.email, pattern)),
      ),
    )
    .orderBy(asc(caseInsensitive(db, users.lname)), asc(caseInsensitive(db, users.name)))
    .limit(SEARCH_RESULTS_LIMIT);
}


export async function findPatient(db: DbOrTx, patientId: number): Promise<Patient | undefined> {
  const [patient] = await db
    .select(patientColumns)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId));
  return patient;
}

export async function listLinkedPatientRecords(db: DbOrTx, medicId: number): Promise<Patient[]> {
  return await db
    .select(patientColumns)
    .from(medicPatients)
    .innerJoin(patients, eq(patients.id, medicPatients.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(medicPatients.medicId, medicId))
    .orderBy(...byLastNameThenName(db));
}

/** The patient record of a patient account found by email, if any (medic accounts have none). */
export async function findPatientByEmail(db: DbOrTx, email: string): Promise<{ idPatient: number } | undefined> {
  const [patient] = await db
    .select({ idPatient: patients.id })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(byEmail(email), eq(users.type, 'patient')));
  return patient;
}

/** GET /medics/my-patients: the caller's patients, audited as one read of the list. */
export async function listMyPatients(caller: MedicCaller): Promise<PatientListItem[]> {
  return await auditedRead(caller.db, async (db) => {
    const patients = await listLinkedPatients(db, caller.actor.medicId, nowMoment(caller.now));
    await auditAs(caller, { action: 'patients.list', outcome: 'success', detail: `${patients.length} patients` }, db);
    return patients;
  });
}

/** GET /patients: the same list in the Patient shape. */
export async function listMyPatientRecords(caller: MedicCaller): Promise<Patient[]> {
  return await auditedRead(caller.db, async (db) => {
    const patients = await listLinkedPatientRecords(db, caller.actor.medicId);
    await auditAs(caller, { action: 'patients.list', outcome: 'success', detail: `${patients.length} patients` }, db);
    return patients;
  });
}

/** Patient search for a medic; an empty query is no search: nothing is read, so nothing is audited. */
export async function searchForPatients(caller: MedicCaller, query: string): Promise<PatientSearchResult[]> {
  const text = query.trim();
  if (!text) return [];
  return await auditedRead(caller.db, async (db) => {
    const results = await searchPatients(db, caller.actor.medicId, text);
    await auditAs(caller, { action: 'patients.search', outcome: 'success', detail: `${results.length} results` }, db);
    return results;
  });
}

/** GET /patients/:id, once the access rule has let the caller through. */
export async function readPatient(caller: Caller, patientId: number): Promise<Patient> {
  return await auditedRead(caller.db, async (db) => {
    const patient = await findPatient(db, patientId);
    if (!patient) throw new AppError('PATIENT_NOT_FOUND');
    await auditAs(caller, { action: 'patient.read', outcome: 'success', patientId }, db);
    return patient;
  });
}
