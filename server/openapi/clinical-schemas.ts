// The API description's answers of the clinical day (API.md "The clinical day"): the practice's
// data, prescriptions, addenda, appointments and documents. Checked against tRPC's outputs in responses.ts.
import { z } from 'zod';
import { FILE_MAIN_TYPES } from '../../shared/constants';
import { diagnosisSchema } from './record-item-schemas';
import { id, nullableText, text } from './schema-parts';

export const practiceSchema = z
  .object({ name: text, address: nullableText, city: nullableText, phone: nullableText })
  .meta({ id: 'Practice', description: "The practice's own data for printed documents; `name` defaults to PRACTICE_NAME, else \"Expediente\"." });
export const practiceSettingsSchema = z
  .object({
    name: text,
    address: nullableText,
    city: nullableText,
    phone: nullableText,
    requireTwoFactorForMedics: z.boolean().meta({ description: 'Medics without a second factor can do nothing but set one up' }),
  })
  .meta({ id: 'PracticeSettings', description: 'The practice\'s data for printed documents (Practice) and its rules.' });

const prescriptionItemFields = {
  drug: text,
  strength: nullableText,
  form: nullableText,
  route: nullableText,
  presentation: nullableText,
  packages: nullableText,
  dose: nullableText,
  frequency: nullableText,
  duration: nullableText,
};
export const prescriptionItemSchema = z.object({ ...prescriptionItemFields, instructions: nullableText }).meta({ id: 'PrescriptionItem' });
export const drugSuggestionSchema = z
  .object(prescriptionItemFields)
  .meta({ id: 'DrugSuggestion', description: 'A drug the practice prescribed before, as its latest prescription wrote it.' });

export const prescriptionSchema = z
  .object({
    idPrescription: id,
    idHistory: id,
    number: text.meta({ description: 'Unique in the practice, sequential within the year of issue: 2026-000123' }),
    issuedAt: text,
    medic: z
      .object({ idMedic: id, name: text, lname: text, specialty: nullableText, licenseNumber: text })
      .meta({ id: 'Prescriber', description: 'The prescriber as the prescription was signed.' }),
    patient: z.object({ idPatient: id, name: text, lname: text, birthDate: nullableText, documentNumber: nullableText }),
    practice: practiceSchema,
    diagnoses: z.array(diagnosisSchema),
    items: z.array(prescriptionItemSchema),
    notes: nullableText,
    voidedAt: nullableText,
    voidReason: nullableText,
  })
  .meta({ id: 'Prescription', description: 'Never edited nor deleted; voided at most once, by its author, on the day it was issued.' });

export const addendumSchema = z
  .object({ idAddendum: id, at: text, medic: z.object({ idMedic: id, name: text, lname: text }), text })
  .meta({ id: 'Addendum', description: 'A dated note added to an appointment after the fact; never edited nor deleted.' });

export const clinicalHistorySchema = z
  .object({
    idHistory: id,
    idPatient: id,
    idMedic: id.nullable(),
    date: text,
    start: text,
    end: nullableText,
    motive: text,
    notes: nullableText,
    medications: z.array(text),
    diagnosisIds: z.array(text),
    subjective: nullableText,
    exploration: nullableText,
    plan: nullableText,
    prognosis: nullableText,
    diagnoses: z.array(diagnosisSchema),
    medic: z.object({ idMedic: id, name: text, lname: text }).nullable(),
    closed: z.boolean(),
    prescriptions: z.array(prescriptionSchema),
    addenda: z.array(addendumSchema),
    writtenAt: text.meta({ description: 'When the note was first saved, by the server clock (ISO 8601)' }),
    lateEntry: z.boolean().meta({ description: "Written after its appointment's day: shown and printed as written on writtenAt" }),
  })
  .meta({ id: 'ClinicalHistory' });
export const fileSchema = z
  .object({
    idFile: id,
    name: text,
    date: text,
    mainType: z.enum(FILE_MAIN_TYPES),
    code: text,
    comment: nullableText,
    size: z.number().int().nonnegative(),
    mimeType: text,
  })
  .meta({ id: 'File' });
