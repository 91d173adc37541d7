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

async function medicRequest(db: DbOrTx, medicId: number, idRequest: number): Promise<LinkRequestForMedic | undefined> {
  return (await listMedicRequests(db, medicId, idRequest))[0];
}

/** The requests a medic sent that are pending or declined, newest first (or only `onlyId`). */
export async function listMedicRequests(db: DbOrTx, medicId: number, onlyId?: number): Promise<LinkRequestForMedic[]> {
  const rows = await db
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
    .orderBy(desc(linkRequests.createdAt), desc(linkRequests.id));
  return rows.map(({ idRequest, idPatient, name, lname, email, createdAt, status }) => ({
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
export async function readMedicRequests(caller: MedicCaller): Promise<LinkRequestForMedic[]> {
  return await auditedRead(caller.db, async (db) => {
    const requests = await listMedicRequests(db, caller.actor.medicId);
    await auditAs(caller, { action: 'patients.linkRequests', outcome: 'success', detail: `${requests.length} requests` }, db);
    return requests;
  });
}

/**
 * POST /medics/link-patient: asks the patient behind `email`. Asking again while a request is
 * pending answers the same request; after a decline it asks anew.
 */
export async function requestLink(caller: MedicCaller, email: string): Promise<{ message: string; request: LinkRequestForMedic }> {
  const { medicId } = caller.actor;
  const { now } = caller;
  const request = await auditedChange(caller, { action: 'patients.linkRequest' }, async (tx, succeeded) => {
    const found = await findPatientByEmail(tx, email);
    if (!found) throw new AppError('PATIENT_NOT_FOUND', 'No patient account has that email.');
    if (await isLinked(tx, medicId, found.idPatient)) throw new AppError('ALREADY_LINKED', 'That patient is already linked to you.');
    const [existing] = await tx
      .select({ id: linkRequests.id, status: linkRequests.status })
      .from(linkRequests)
      .where(and(eq(linkRequests.medicId, medicId), eq(linkRequests.patientId, found.idPatient)));
    let id = existing?.id;
    if (!existing) {
      id = (await tx.insert(linkRequests).values({ medicId, patientId: found.idPatient, createdAt: now.toISOString() }).returning({ id: linkRequests.id }))[0]!.id;
    } else if (existing.status === 'declined') {
      await tx.update(linkRequests).set({ status: 'pending', createdAt: now.toISOString(), decidedAt: null }).where(eq(linkRequests.id, existing.id));
    }
    await succeeded({ patientId: found.idPatient, detail: `request ${id}` });
    return (await medicRequest(tx, medicId, id!))!;
  });
  return { message: 'Request sent. The patient must accept it before you can see the record.', request };
}

/** DELETE /medics/link-requests/:idRequest: the medic withdraws a request (pending or declined). */
export async function withdrawRequest(caller: MedicCaller, idRequest: number): Promise<void> {
  const { medicId } = caller.actor;
  await auditedChange(caller, { action: 'patients.linkRequestWithdraw' }, async (tx, succeeded) => {
    const [row] = await tx
      .delete(linkRequests)
      .where(and(eq(linkRequests.id, idRequest), eq(linkRequests.medicId, medicId)))
      .returning({ patientId: linkRequests.patientId });
    if (!row) throw new AppError('NOT_FOUND', 'No such request.');
    await succeeded({ patientId: row.patientId, detail: `request ${idRequest}` });
  });
}

/** The pending requests a patient has yet to answer, from medics whose accounts are active. */
export async function pendingRequestsFor(db: DbOrTx, patientId: number, onlyId?: number): Promise<LinkRequestForPatient[]> {
  return await db
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
    .orderBy(desc(linkRequests.createdAt), desc(linkRequests.id));
}

async function pendingRequestOrThrow(tx: DbOrTx, patientId: number, idRequest: number): Promise<LinkRequestForPatient> {
  const [request] = await pendingRequestsFor(tx, patientId, idRequest);
  if (!request) throw new AppError('NOT_FOUND', 'No such request.');
  return request;
}

/** The patient accepts: the medic is linked, and the request, fulfilled, goes. */
export async function acceptRequest(caller: PatientCaller, idRequest: number): Promise<{ message: string; doctor: Doctor }> {
  const { patientId } = caller.actor;
  const doctor = await auditedChange(caller, { action: 'linkRequests.accept', patientId }, async (tx, succeeded) => {
    const { medic } = await pendingRequestOrThrow(tx, patientId, idRequest);
    await tx.insert(medicPatients).values({ medicId: medic.idMedic, patientId }).onConflictDoNothing();
    await tx.delete(linkRequests).where(eq(linkRequests.id, idRequest));
    await succeeded({ detail: `medic ${medic.idMedic}` });
    return medic;
  });
  return { message: 'Doctor linked', doctor };
}

/** The patient declines: the record stays closed; the medic sees the request as declined. */
export async function declineRequest(caller: PatientCaller, idRequest: number): Promise<void> {
  const { patientId } = caller.actor;
  const { now } = caller;
  await auditedChange(caller, { action: 'linkRequests.decline', patientId }, async (tx, succeeded) => {
    const { medic } = await pendingRequestOrThrow(tx, patientId, idRequest);
    await tx.update(linkRequests).set({ status: 'declined', decidedAt: now.toISOString() }).where(eq(linkRequests.id, idRequest));
    await succeeded({ detail: `medic ${medic.idMedic}` });
  });
}

/** A link made another way (the patient linked the doctor) fulfils any request between them. */
export async function clearRequest(tx: DbOrTx, medicId: number, patientId: number): Promise<void> {
  await tx.delete(linkRequests).where(and(eq(linkRequests.medicId, medicId), eq(linkRequests.patientId, patientId)));
}
