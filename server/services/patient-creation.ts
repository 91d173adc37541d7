// A medic creates a patient (POST /patients): a new account, or the record of an existing
// patient account. The user, the patient record and the link are written in one transaction.
import { and, eq } from 'drizzle-orm';
import { DEFAULT_PATIENT_ADDRESS, DEFAULT_PATIENT_PHONE } from '../../shared/constants';
import type { createPatientInput, Patient } from '../../shared/patients';
import type { z } from 'zod';
import { recordAudit, refuse } from '../audit/record-audit';
import { assertUncommonPassword } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import type { Tx } from '../db/client';
import { auditedChange } from './audited-change';
import { whoIs, type MedicCaller } from './caller';
import { medicPatients, patients, users } from '../db/schema/index';
import { AppError, isUniqueViolation } from '../errors';
import { isLinked } from './access';
import { findPatient } from './patient-queries';
import { byEmail } from './users';

export type CreatePatientParsed = z.output<typeof createPatientInput>;


/** Optional record fields present in both forms; undefined leaves a column as it is. */
function recordFields(input: CreatePatientParsed) {
  const common = {
    bloodGroup: input.bloodGroup,
    bloodRh: input.bloodRh,
    weight: input.weight,
    height: input.height,
    civilStatus: input.civilStatus,
    birthDate: input.birthDate,
    sex: input.sex,
  };
  if (input.form === 'newAccount') return common;
  return {
    ...common,
    extraPhone: input.extraPhone,
    addressSpecific: input.addressSpecific,
    policy: input.policy,
    origin: input.origin,
    originSent: input.originSent,
    originPlace: input.originPlace,
    insuranceComment: input.insuranceComment,
  };
}

async function createAccount(tx: Tx, input: CreatePatientParsed & { form: 'newAccount' }, passwordHash: string): Promise<number> {
  if ((await tx.select({ id: users.id }).from(users).where(byEmail(input.email))).length) throw new AppError('EMAIL_TAKEN');
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      type: 'patient',
      name: input.name,
      lname: input.lname,
      phone: input.phone ?? DEFAULT_PATIENT_PHONE,
      address: input.address ?? DEFAULT_PATIENT_ADDRESS,
      // The medic chose this password, so it is only temporary: until the patient sets their own,
      // whoever holds it can do nothing in the patient's name (accept a link, change doctors).
      mustChangePassword: true,
    })
    .returning({ id: users.id });
  return (await tx.insert(patients).values({ userId: user!.id, ...recordFields(input) }).returning({ id: patients.id }))[0]!.id;
}

/**
 * The documented {idUser, ...} form fills in the record of a patient already linked to the caller.
 * A patient who is not linked answers 404 and nothing changes: reaching a record takes the
 * patient's consent (a link request), never a creation call.
 */
async function completeLinkedAccount(tx: Tx, input: CreatePatientParsed & { form: 'existingUser' }, medicId: number): Promise<number> {
  const [found] = await tx
    .select({ id: users.id, phone: users.phone, address: users.address, patientId: patients.id })
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .where(and(eq(users.id, input.idUser), eq(users.type, 'patient'), byEmail(input.email)));
  // The id and the email must name the same patient account: an id alone is never trusted.
  if (!found || !(await isLinked(tx, medicId, found.patientId))) throw new AppError('PATIENT_NOT_FOUND', 'No patient of yours has that id and email.');
  await tx
    .update(users)
    .set({
      phone: input.phone ?? found.phone ?? DEFAULT_PATIENT_PHONE,
      address: input.address ?? found.address ?? DEFAULT_PATIENT_ADDRESS,
    })
    .where(eq(users.id, found.id));
  await tx
    .update(patients)
    .set({ ...recordFields(input), updatedAt: new Date().toISOString() })
    .where(eq(patients.id, found.patientId));
  return found.patientId;
}

export async function createPatient(caller: MedicCaller, input: CreatePatientParsed): Promise<Patient> {
  const { db } = caller;
  const { medicId } = caller.actor;
  const who = whoIs(caller);
  let patientId: number;
  try {
    if (input.form === 'newAccount') await assertUncommonPassword(input.password, 'password');
    // Hashing is slow and a real wait; it happens before the transaction opens, which awaits only its queries.
    const passwordHash = input.form === 'newAccount' ? await hashPassword(input.password) : undefined;
    // Every failure, before the change or in it, is audited below (EMAIL_TAKEN from either check).
    patientId = await auditedChange(caller, { action: 'patients.create', auditRefusal: false }, async (tx, succeeded) => {
      let id: number;
      if (input.form === 'newAccount') {
        // A patient the medic creates is linked at once: the medic brought the patient to the practice.
        id = await createAccount(tx, input, passwordHash!);
        await tx.insert(medicPatients).values({ medicId, patientId: id });
      } else {
        id = await completeLinkedAccount(tx, input, medicId);
      }
      await succeeded({ patientId: id, detail: input.form });
      return id;
    });
  } catch (error) {
    const appError = error instanceof AppError ? error : isUniqueViolation(error) ? new AppError('EMAIL_TAKEN') : undefined;
    if (appError) await refuse(db, who, { action: 'patients.create', outcome: 'failure', detail: appError.code }, appError);
    await recordAudit(db, who, { action: 'patients.create', outcome: 'failure', detail: 'INTERNAL_ERROR' });
    throw error;
  }
  return (await findPatient(db, patientId))!;
}
