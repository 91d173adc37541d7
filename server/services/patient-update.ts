// PATCH of a patient: contact fields on the account, record fields on the patient, lookups by
// name (created on first use), insurance and lifestyle; all in one transaction.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Patient } from '../../shared/patients';
import type { patientUpdateInput } from '../../shared/patient-update';
import type { Tx } from '../db/client';
import { documentTypes, educations, insurances, lifestyles, nationalities, patients, professions, religions, users } from '../db/schema/index';
import { AppError, isUniqueViolation } from '../errors';
import { auditedChange } from './audited-change';
import type { Caller } from './caller';
import { findPatient } from './patient-queries';
import { byEmail } from './users';

type PatientUpdate = z.output<typeof patientUpdateInput>;
type LookupTable = typeof professions;

/** The id of the lookup row with this name (any case), inserting it the first time. */
async function lookupId(tx: Tx, table: LookupTable, name: string | null): Promise<number | null> {
  if (name === null) return null;
  const [existing] = await tx.select({ id: table.id }).from(table).where(eq(sql`lower(${table.name})`, name.toLowerCase()));
  return existing?.id ?? (await tx.insert(table).values({ name }).returning({ id: table.id }))[0]!.id;
}

const lookupColumns = [
  ['profession', professions, 'professionId'],
  ['religion', religions, 'religionId'],
  ['nationality', nationalities, 'nationalityId'],
  ['education', educations, 'educationId'],
  ['documentType', documentTypes, 'documentTypeId'],
] as const;

const recordColumns = [
  'extraPhone',
  'addressSpecific',
  'bloodGroup',
  'bloodRh',
  'civilStatus',
  'birthDate',
  'sex',
  'weight',
  'height',
  'policy',
  'documentNumber',
] as const;
// These columns are NOT NULL with '' meaning "none".
const emptyWhenCleared = new Set(['extraPhone', 'addressSpecific', 'policy']);

async function saveLifestyle(tx: Tx, patientId: number, lifestyle: NonNullable<PatientUpdate['lifestyle']> | null): Promise<void> {
  if (lifestyle === null) {
    await tx.delete(lifestyles).where(eq(lifestyles.patientId, patientId));
    return;
  }
  const columns: Partial<typeof lifestyles.$inferInsert> = {};
  if ('alcohol' in lifestyle) Object.assign(columns, { alcoholFrequency: lifestyle.alcohol?.frequency ?? null, alcoholQuantity: lifestyle.alcohol?.quantity ?? null, alcoholType: lifestyle.alcohol?.type ?? null });
  if ('tobacco' in lifestyle) Object.assign(columns, { tobaccoFrequency: lifestyle.tobacco?.frequency ?? null, tobaccoQuantity: lifestyle.tobacco?.quantity ?? null, tobaccoYearsUsing: lifestyle.tobacco?.yearsUsing ?? null });
  if ('drugs' in lifestyle) Object.assign(columns, { drugsType: lifestyle.drugs?.type ?? null, drugsFrequency: lifestyle.drugs?.frequency ?? null });
  if ('physicalActivity' in lifestyle) Object.assign(columns, { activityFrequency: lifestyle.physicalActivity?.frequency ?? null, activityType: lifestyle.physicalActivity?.type ?? null, activityDuration: lifestyle.physicalActivity?.duration ?? null });
  await tx.insert(lifestyles).values({ patientId, ...columns }).onConflictDoUpdate({ target: lifestyles.patientId, set: columns });
}

export async function updatePatient(tx: Tx, patientId: number, input: PatientUpdate): Promise<Patient> {
  const patient = await findPatient(tx, patientId);
  if (!patient) throw new AppError('PATIENT_NOT_FOUND');

  const account: Partial<typeof users.$inferInsert> = {};
  if (input.email !== undefined && input.email.toLowerCase() !== patient.email.toLowerCase()) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(byEmail(input.email));
    if (taken) throw new AppError('EMAIL_TAKEN');
  }
  if (input.email !== undefined) account.email = input.email;
  if (input.phone !== undefined) account.phone = input.phone;
  if (input.address !== undefined) account.address = input.address;
  if (Object.keys(account).length) await tx.update(users).set(account).where(eq(users.id, patient.idUser));

  const record: Record<string, unknown> = {};
  for (const column of recordColumns) {
    const value = input[column];
    if (value !== undefined) record[column] = value === null && emptyWhenCleared.has(column) ? '' : value;
  }
  for (const [field, table, column] of lookupColumns) {
    if (input[field] !== undefined) record[column] = await lookupId(tx, table, input[field]);
  }
  if (Object.keys(record).length) {
    await tx
      .update(patients)
      .set({ ...record, updatedAt: new Date().toISOString() })
      .where(eq(patients.id, patientId));
  }

  if (input.insurance === null) await tx.delete(insurances).where(eq(insurances.patientId, patientId));
  else if (input.insurance) {
    await tx.insert(insurances).values({ patientId, ...input.insurance }).onConflictDoUpdate({ target: insurances.patientId, set: input.insurance });
  }
  if (input.lifestyle !== undefined) await saveLifestyle(tx, patientId, input.lifestyle);

  return (await findPatient(tx, patientId))!;
}

/** PATCH /patients/:idPatient: the change and its audit event in one transaction. */
export async function updatePatientRecord(caller: Caller, patientId: number, changes: PatientUpdate): Promise<Patient> {
  try {
    // PATIENT_NOT_FOUND and EMAIL_TAKEN are refused by the procedure's own refusal audit, as ever.
    return await auditedChange(caller, { action: 'patient.update', patientId, auditRefusal: false }, async (tx, succeeded) => {
      const patient = await updatePatient(tx, patientId, changes);
      await succeeded({ detail: Object.keys(changes).join(',') });
      return patient;
    });
  } catch (error) {
    // Two edits racing to the same email: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}
