// Consent for links (API.md "Practice administration, consent and emergency access"): a medic asks
// to see a patient's record; the record stays closed to them until the patient accepts.
import { and, desc, eq } from 'drizzle-orm';
import type { Doctor, LinkRequestForMedic, LinkRequestForPatient } from '../../shared/patients';
import { auditedRead } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { auditedChange } from './audited-change';
import { auditAs, type MedicCaller, type PatientCaller } from './caller';
import { linkRequests, medicPatients, medics, patients, users } from '../db/schema/index';
import { AppError } from '../errors';
import { isLinked } from './access';
import { doctorColumns } from './columns';
import { findPatientByEmail } from './patient-queries';

function medicRequest(db: DbOrTx, medicId: number, idRequest: number): LinkRequestForMedic | undefined {
  return listMedicRequests(db, medicId, idRequest)[0];
}

/** The requests a medic sent that are pending or declined, newest first (or only `onlyId`). */
export function listMedicRequests(db: DbOrTx, medicId: number, onlyId?: number): LinkRequestForMedic[] {
  return db
    .select({
      idRequest: linkRequests.id,
      idPatient: patients.id,
      name: users.name,
      lname: users.lname,
      email: users.email,
      createdAt: linkRequests.createdAt,
      status: linkRequests.status,
    })
    .from(linkRequests)
    .innerJoin(patients, eq(patients.id, linkRequests.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(linkRequests.medicId, medicId), onlyId === undefined ? undefined : eq(linkRequests.id, onlyId)))
    .orderBy(desc(linkRequests.createdAt), desc(linkRequests.id))
    .all()
    .map(({ idRequest, idPatient, name, lname, email, createdAt, status }) => ({
      idRequest,
      patient: { idPatient, name, lname, email },
      createdAt,
      status,
    }));
}

/**
 * GET /medics/link-requests: names and emails of patients, declined ones included, so the read is
 * audited like every other read of patients' identities.
 */
export function readMedicRequests(caller: MedicCaller): LinkRequestForMedic[] {
  return auditedRead(caller.db, (db) => {
    const requests = listMedicRequests(db, caller.actor.medicId);
    auditAs(caller, { action: 'patients.linkRequests', outcome: 'success', detail: `${requests.length} requests` }, db);
    return requests;
  });
}

/**
 * POST /medics/link-patient: asks the patient behind `email`. Asking again while a request is
 * pending answers the same request; after a decline it asks anew.
 */
export function requestLink(caller: MedicCaller, email: string): { message: string; request: LinkRequestForMedic } {
  const { medicId } = caller.actor;
  const { now } = caller;
  const request = auditedChange(caller, { action: 'patients.linkRequest' }, (tx, succeeded) => {
    const found = findPatientByEmail(tx, email);
    if (!found) throw new AppError('PATIENT_NOT_FOUND', 'No patient account has that email.');
    if (isLinked(tx, medicId, found.idPatient)) throw new AppError('ALREADY_LINKED', 'That patient is already linked to you.');
    const existing = tx
      .select({ id: linkRequests.id, status: linkRequests.status })
      .from(linkRequests)
      .where(and(eq(linkRequests.medicId, medicId), eq(linkRequests.patientId, found.idPatient)))
      .get();
    let id = existing?.id;
    if (!existing) {
      id = tx.insert(linkRequests).values({ medicId, patientId: found.idPatient, createdAt: now.toISOString() }).returning({ id: linkRequests.id }).get().id;
    } else if (existing.status === 'declined') {
      tx.update(linkRequests).set({ status: 'pending', createdAt: now.toISOString(), decidedAt: null }).where(eq(linkRequests.id, existing.id)).run();
    }
    succeeded({ patientId: found.idPatient, detail: `request ${id}` });
    return medicRequest(tx, medicId, id!)!;
  });
  return { message: 'Request sent. The patient must accept it before you can see the record.', request };
}

/** DELETE /medics/link-requests/:idRequest: the medic withdraws a request (pending or declined). */
export function withdrawRequest(caller: MedicCaller, idRequest: number): void {
  const { medicId } = caller.actor;
  auditedChange(caller, { action: 'patients.linkRequestWithdraw' }, (tx, succeeded) => {
    const row = tx
      .delete(linkRequests)
      .where(and(eq(linkRequests.id, idRequest), eq(linkRequests.medicId, medicId)))
      .returning({ patientId: linkRequests.patientId })
      .get();
    if (!row) throw new AppError('NOT_FOUND', 'No such request.');
    succeeded({ patientId: row.patientId, detail: `request ${idRequest}` });
  });
}

/** The pending requests a patient has yet to answer, from medics whose accounts are active. */
export function pendingRequestsFor(db: DbOrTx, patientId: number, onlyId?: number): LinkRequestForPatient[] {
  return db
    .select({ idRequest: linkRequests.id, createdAt: linkRequests.createdAt, medic: doctorColumns })
    .from(linkRequests)
    .innerJoin(medics, eq(medics.id, linkRequests.medicId))
    .innerJoin(users, eq(users.id, medics.userId))
    .where(
      and(
        eq(linkRequests.patientId, patientId),
        eq(linkRequests.status, 'pending'),
        eq(users.status, 'active'),
        onlyId === undefined ? undefined : eq(linkRequests.id, onlyId),
      ),
    )
    .orderBy(desc(linkRequests.createdAt), desc(linkRequests.id))
    .all();
}

function pendingRequestOrThrow(tx: DbOrTx, patientId: number, idRequest: number): LinkRequestForPatient {
  const request = pendingRequestsFor(tx, patientId, idRequest)[0];
  if (!request) throw new AppError('NOT_FOUND', 'No such request.');
  return request;
}

/** The patient accepts: the medic is linked, and the request, fulfilled, goes. */
export function acceptRequest(caller: PatientCaller, idRequest: number): { message: string; doctor: Doctor } {
  const { patientId } = caller.actor;
  const doctor = auditedChange(caller, { action: 'linkRequests.accept', patientId }, (tx, succeeded) => {
    const { medic } = pendingRequestOrThrow(tx, patientId, idRequest);
    tx.insert(medicPatients).values({ medicId: medic.idMedic, patientId }).onConflictDoNothing().run();
    tx.delete(linkRequests).where(eq(linkRequests.id, idRequest)).run();
    succeeded({ detail: `medic ${medic.idMedic}` });
    return medic;
  });
  return { message: 'Doctor linked', doctor };
}

/** The patient declines: the record stays closed; the medic sees the request as declined. */
export function declineRequest(caller: PatientCaller, idRequest: number): void {
  const { patientId } = caller.actor;
  const { now } = caller;
  auditedChange(caller, { action: 'linkRequests.decline', patientId }, (tx, succeeded) => {
    const { medic } = pendingRequestOrThrow(tx, patientId, idRequest);
    tx.update(linkRequests).set({ status: 'declined', decidedAt: now.toISOString() }).where(eq(linkRequests.id, idRequest)).run();
    succeeded({ detail: `medic ${medic.idMedic}` });
  });
}

/** A link made another way (the patient linked the doctor) fulfils any request between them. */
export function clearRequest(tx: DbOrTx, medicId: number, patientId: number): void {
  tx.delete(linkRequests).where(and(eq(linkRequests.medicId, medicId), eq(linkRequests.patientId, patientId))).run();
}
