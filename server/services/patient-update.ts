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
function lookupId(tx: Tx, table: LookupTable, name: string | null): number | null {
  if (name === null) return null;
  const existing = tx.select({ id: table.id }).from(table).where(eq(sql`lower(${table.name})`, name.toLowerCase())).get();
  return existing?.id ?? tx.insert(table).values({ name }).returning({ id: table.id }).get().id;
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

function saveLifestyle(tx: Tx, patientId: number, lifestyle: NonNullable<PatientUpdate['lifestyle']> | null): void {
  if (lifestyle === null) {
    tx.delete(lifestyles).where(eq(lifestyles.patientId, patientId)).run();
    return;
  }
  const columns: Partial<typeof lifestyles.$inferInsert> = {};
  if ('alcohol' in lifestyle) Object.assign(columns, { alcoholFrequency: lifestyle.alcohol?.frequency ?? null, alcoholQuantity: lifestyle.alcohol?.quantity ?? null, alcoholType: lifestyle.alcohol?.type ?? null });
  if ('tobacco' in lifestyle) Object.assign(columns, { tobaccoFrequency: lifestyle.tobacco?.frequency ?? null, tobaccoQuantity: lifestyle.tobacco?.quantity ?? null, tobaccoYearsUsing: lifestyle.tobacco?.yearsUsing ?? null });
  if ('drugs' in lifestyle) Object.assign(columns, { drugsType: lifestyle.drugs?.type ?? null, drugsFrequency: lifestyle.drugs?.frequency ?? null });
  if ('physicalActivity' in lifestyle) Object.assign(columns, { activityFrequency: lifestyle.physicalActivity?.frequency ?? null, activityType: lifestyle.physicalActivity?.type ?? null, activityDuration: lifestyle.physicalActivity?.duration ?? null });
  tx.insert(lifestyles).values({ patientId, ...columns }).onConflictDoUpdate({ target: lifestyles.patientId, set: columns }).run();
}

export function updatePatient(tx: Tx, patientId: number, input: PatientUpdate): Patient {
  const patient = findPatient(tx, patientId);
  if (!patient) throw new AppError('PATIENT_NOT_FOUND');

  const account: Partial<typeof users.$inferInsert> = {};
  if (input.email !== undefined && input.email.toLowerCase() !== patient.email.toLowerCase()) {
    const taken = tx.select({ id: users.id }).from(users).where(byEmail(input.email)).get();
    if (taken) throw new AppError('EMAIL_TAKEN');
  }
  if (input.email !== undefined) account.email = input.email;
  if (input.phone !== undefined) account.phone = input.phone;
  if (input.address !== undefined) account.address = input.address;
  if (Object.keys(account).length) tx.update(users).set(account).where(eq(users.id, patient.idUser)).run();

  const record: Record<string, unknown> = {};
  for (const column of recordColumns) {
    const value = input[column];
    if (value !== undefined) record[column] = value === null && emptyWhenCleared.has(column) ? '' : value;
  }
  for (const [field, table, column] of lookupColumns) {
    if (input[field] !== undefined) record[column] = lookupId(tx, table, input[field]);
  }
  if (Object.keys(record).length) {
    tx.update(patients)
      .set({ ...record, updatedAt: new Date().toISOString() })
      .where(eq(patients.id, patientId))
      .run();
  }

  if (input.insurance === null) tx.delete(insurances).where(eq(insurances.patientId, patientId)).run();
  else if (input.insurance) {
    tx.insert(insurances).values({ patientId, ...input.insurance }).onConflictDoUpdate({ target: insurances.patientId, set: input.insurance }).run();
  }
  if (input.lifestyle !== undefined) saveLifestyle(tx, patientId, input.lifestyle);

  return findPatient(tx, patientId)!;
}

/** PATCH /patients/:idPatient: the change and its audit event in one transaction. */
export function updatePatientRecord(caller: Caller, patientId: number, changes: PatientUpdate): Patient {
  try {
    // PATIENT_NOT_FOUND and EMAIL_TAKEN are refused by the procedure's own refusal audit, as ever.
    return auditedChange(caller, { action: 'patient.update', patientId, auditRefusal: false }, (tx, succeeded) => {
      const patient = updatePatient(tx, patientId, changes);
      succeeded({ detail: Object.keys(changes).join(',') });
      return patient;
    });
  } catch (error) {
    // Two edits racing to the same email: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}
