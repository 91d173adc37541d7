// Prescriptions (recetas; API.md "The clinical day"). One is issued from an appointment
// on that appointment's day, by a linked medic whose profile carries a licence number, and keeps
// what it was signed with: the prescriber, the patient, the practice and the diagnoses as they were
// (a later change to any of them does not rewrite an issued document). It is never edited nor
// deleted; its author can void it once, the day it was issued (migration 0013's triggers hold the
// same rules for every connection). Its number is sequential within the practice-local year.
import { and, eq, isNull, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { localDay, localMoment } from '../../shared/dates';
import { foldForSearch } from '../../shared/patients';
import { prescriptionNumber, type Prescription, type prescriptionInput } from '../../shared/prescriptions';
import { auditedRead, refuse } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';
import { medics, patients, prescriptionItems, prescriptions, users } from '../db/schema/index';
import { AppError } from '../errors';
import { patientAccess } from './access';
import { writableAppointment } from './appointments';
import { auditedChange } from './audited-change';
import { auditAs, whoIs, type Caller, type MedicCaller } from './caller';
import { prescriptionJsonOf } from './columns';
import { readPractice } from './practice-data';

type NewPrescription = z.output<typeof prescriptionInput>;

/** PostgreSQL's advisory lock key for numbering prescriptions: any constant no other lock of the server uses. */
const PRESCRIPTION_NUMBER_LOCK = 7_301_001;

const p = alias(prescriptions, 'p');

export const findPrescription = async (db: DbOrTx, idPrescription: number): Promise<Prescription | undefined> =>
  (await db.select({ prescription: prescriptionJsonOf(db) }).from(p).where(eq(p.id, idPrescription)))[0]?.prescription;

/** The prescriber as the prescription prints them: their name, specialty and licence number now. */
const prescriberOf = async (db: DbOrTx, medicId: number) =>
  (
    await db
    .select({ name: users.name, lname: users.lname, specialty: medics.specialty, licenseNumber: medics.licenseNumber })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(eq(medics.id, medicId))
  )[0]!;

/** The patient as the prescription prints them (RD 1718/2010 art. 3: name, year of birth, identity document). */
const patientOf = async (db: DbOrTx, patientId: number) =>
  (
    await db
    .select({ name: users.name, lname: users.lname, birthDate: patients.birthDate, documentNumber: patients.documentNumber })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId))
  )[0]!;

/**
 * POST /clinical-history/:idHistory/prescriptions. `defaultPracticeName` is PRACTICE_NAME, printed
 * when the administrator saved no name. Checks run, and refusals are audited, before the write.
 */
export async function issuePrescription(
  caller: MedicCaller,
  idHistory: number,
  input: NewPrescription,
  defaultPracticeName: string | undefined,
): Promise<Prescription> {
  const action = 'prescription.create';
  const appointment = await writableAppointment(caller, idHistory, action);
  const today = localDay(caller.now);
  const refusal = (error: AppError) =>
    refuse(caller.db, whoIs(caller), { action, outcome: 'failure', patientId: appointment.idPatient, detail: error.code }, error);
  if (appointment.date.slice(0, 10) !== today) {
    return await refusal(new AppError('APPOINTMENT_LOCKED', "A prescription is issued on its appointment's day only."));
  }
  const prescriber = await prescriberOf(caller.db, caller.actor.medicId);
  const licenseNumber = prescriber.licenseNumber?.trim();
  if (!licenseNumber) {
    return await refusal(new AppError('LICENSE_NUMBER_REQUIRED', 'Add your licence number to your profile before issuing a prescription.'));
  }
  return await auditedChange(caller, { action, patientId: appointment.idPatient }, async (tx, succeeded) => {
    // Read and written in one transaction. SQLite's transactions run one after another (its writer's
    // lock), so no other issue comes between. On PostgreSQL two servers' transactions run at once, and
    // two issues could read the same last number (the unique (year, seq) index would then refuse the
    // second): a transaction-scoped advisory lock, released at commit or rollback, makes the issues
    // of every server take their turn from here on; the read below, a statement after the lock under
    // READ COMMITTED, sees the number the previous holder committed.
    if (engineNameOf(tx) === 'postgres') await rawRun(tx, `select pg_advisory_xact_lock(${PRESCRIPTION_NUMBER_LOCK})`);
    const year = Number(today.slice(0, 4));
    const seq = ((await tx.select({ last: max(prescriptions.seq) }).from(prescriptions).where(eq(prescriptions.year, year)))[0]?.last ?? 0) + 1;
    const number = prescriptionNumber(year, seq);
    // The patient and the practice as they are now, read before the insert that copies them.
    const patient = await patientOf(tx, appointment.idPatient);
    const practice = await readPractice(tx, defaultPracticeName);
    const [{ id }] = (await tx
      .insert(prescriptions)
      .values({
        historyId: idHistory,
        patientId: appointment.idPatient,
        medicId: caller.actor.medicId,
        year,
        seq,
        number,
        issuedAt: localMoment(caller.now),
        prescriber: { name: prescriber.name, lname: prescriber.lname, specialty: prescriber.specialty, licenseNumber: licenseNumber! },
        patient,
        practice,
        diagnoses: appointment.diagnoses,
        notes: input.notes ?? null,
      })
      .returning({ id: prescriptions.id })) as [{ id: number }];
    await tx
      .insert(prescriptionItems)
      .values(input.items.map((item, index) => ({ ...item, prescriptionId: id, position: index + 1, drugFolded: foldForSearch(item.drug) })));
    await succeeded({ detail: number });
    return (await findPrescription(tx, id))!;
  });
}

/** Who issued it, for whom, when, and whether it is voided: what deciding on access and voiding needs. */
const headerOf = async (db: DbOrTx, idPrescription: number) =>
  (
    await db
    .select({ patientId: prescriptions.patientId, medicId: prescriptions.medicId, issuedAt: prescriptions.issuedAt, voidedAt: prescriptions.voidedAt })
    .from(prescriptions)
    .where(eq(prescriptions.id, idPrescription))
  )[0];

const NOT_FOUND_MESSAGE = 'No such prescription.';

/**
 * POST /prescriptions/:idPrescription/void. Someone who cannot see the prescription is told it does
 * not exist (404); a medic who can see it but did not issue it, or who sees the record under
 * emergency access, is refused (403 FORBIDDEN): API.md gives voiding to "the medic who issued it".
 * Already voided, or issued on another day: 409 PRESCRIPTION_LOCKED.
 */
export async function voidPrescription(caller: MedicCaller, idPrescription: number, reason: string): Promise<Prescription> {
  const action = 'prescription.void';
  const header = await headerOf(caller.db, idPrescription);
  const access = header ? await patientAccess(caller.db, caller.actor, header.patientId, caller.now) : undefined;
  const patientId = header?.patientId ?? null;
  if (!header || !access || access.kind === 'none') {
    return await refuse(caller.db, whoIs(caller), { action, outcome: 'denied', patientId, detail: `prescription ${idPrescription}` }, new AppError('NOT_FOUND', NOT_FOUND_MESSAGE));
  }
  if (access.kind === 'emergency') {
    return await refuse(
      caller.db,
      whoIs(caller),
      { action, outcome: 'denied', patientId, emergency: true, detail: access.reason },
      new AppError('FORBIDDEN', 'Emergency access is read-only: this record cannot be changed.'),
    );
  }
  if (header.medicId !== caller.actor.medicId) {
    return await refuse(
      caller.db,
      whoIs(caller),
      { action, outcome: 'denied', patientId, detail: `prescription ${idPrescription}` },
      new AppError('FORBIDDEN', 'Only the medic who issued a prescription can void it.'),
    );
  }
  const locked = (message: string) =>
    refuse(caller.db, whoIs(caller), { action, outcome: 'failure', patientId, detail: 'PRESCRIPTION_LOCKED' }, new AppError('PRESCRIPTION_LOCKED', message));
  if (header.voidedAt !== null) return await locked('This prescription is already voided.');
  if (header.issuedAt.slice(0, 10) !== localDay(caller.now)) return await locked('A prescription can be voided only on the day it was issued.');
  return await auditedChange(caller, { action, patientId }, async (tx, succeeded) => {
    await tx
      .update(prescriptions)
      .set({ voidedAt: localMoment(caller.now), voidReason: reason })
      .where(and(eq(prescriptions.id, idPrescription), isNull(prescriptions.voidedAt)));
    await succeeded({ detail: `prescription ${idPrescription}` });
    return (await findPrescription(tx, idPrescription))!;
  });
}

/**
 * GET /prescriptions/:idPrescription: a medic linked to its patient or under emergency access (the
 * read is flagged with the reason), or that patient; anyone else 404. Read and audited together.
 */
export async function readPrescription(caller: Caller, idPrescription: number): Promise<Prescription> {
  const action = 'prescription.read';
  const header = await headerOf(caller.db, idPrescription);
  const access = header ? await patientAccess(caller.db, caller.actor, header.patientId, caller.now) : undefined;
  if (!header || !access || access.kind === 'none') {
    return await refuse(
      caller.db,
      whoIs(caller),
      { action, outcome: 'denied', patientId: header?.patientId ?? null, detail: `prescription ${idPrescription}` },
      new AppError('NOT_FOUND', NOT_FOUND_MESSAGE),
    );
  }
  const reader = { ...caller, access };
  return await auditedRead(caller.db, async (db) => {
    const prescription = (await findPrescription(db, idPrescription))!;
    await auditAs(reader, { action, outcome: 'success', patientId: header.patientId, detail: prescription.number }, db);
    return prescription;
  });
}
