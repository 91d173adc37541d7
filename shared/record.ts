// The sub-records of a patient's record (SPEC.md §3, API.md "Shapes"): one schema each for
// adding, and the same made partial for editing. Shared by server validation and client forms.
import { z } from 'zod';
import { ALLERGY_SEVERITIES, RECORD_STATUSES } from './constants';
import { calendarDateSchema, dateOrMomentSchema, momentSchema, timeOfDaySchema } from './dates';
import { emailSchema } from './auth';

/** Optional text: blank means "none" (null), so a form can clear a field. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((value) => (value ? value : null));

const requiredText = (key: string, max = 200) => z.string({ error: key }).trim().min(1, key).max(max, 'validation.tooLong');

/** A number from a form field: text is converted (a decimal comma too), blank means none (null). */
export const formNumber = (schema: z.ZodType<number>) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value.replace(',', '.')) : value),
    schema.nullable(),
  );

export const optionalNumber = (min: number, max: number, rangeKey: string, options: { integer?: boolean; step?: number } = {}) =>
  formNumber(
    z
      .number({ error: 'validation.numberInvalid' })
      .min(min, rangeKey)
      .max(max, rangeKey)
      .refine((value) => !options.integer || Number.isInteger(value), 'validation.wholeNumber')
      .refine((value) => !options.step || Math.abs(value / options.step - Math.round(value / options.step)) < 1e-9, 'validation.stepTenth'),
  );

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, key: string) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), z.enum(values, { error: key }).nullable());

const optionalDate = z.preprocess((value) => (value === '' || value === undefined ? null : value), calendarDateSchema.nullable());

export const allergyFields = z.object({
  allergyName: requiredText('validation.allergyNameRequired'),
  severity: optionalEnum(ALLERGY_SEVERITIES, 'validation.severityInvalid'),
  type: optionalText(100),
  reaction: optionalText(),
});

export const pathologicalRecordFields = z.object({
  condition: requiredText('validation.conditionRequired'),
  diagnosisDate: optionalDate,
  status: optionalEnum(RECORD_STATUSES, 'validation.statusInvalid'),
  notes: optionalText(2000),
});

export const vitalFields = z.object({
  date: dateOrMomentSchema,
  systolic: optionalNumber(40, 300, 'validation.systolicRange', { integer: true }),
  diastolic: optionalNumber(20, 200, 'validation.diastolicRange', { integer: true }),
  heartRate: optionalNumber(20, 300, 'validation.heartRateRange', { integer: true }),
  temperature: optionalNumber(25, 45, 'validation.temperatureRange', { step: 0.1 }),
  oxygenSaturation: optionalNumber(0, 100, 'validation.oxygenRange'),
  respiratoryRate: optionalNumber(4, 80, 'validation.respiratoryRange', { integer: true }),
});

export const labFields = z.object({
  idContent: z.preprocess((value) => (value === '' || value === undefined ? null : value), z.coerce.number().int().positive().nullable()),
  testName: optionalText(200),
  value: optionalText(200),
  unit: optionalText(50),
  referenceRange: optionalText(100),
  date: calendarDateSchema,
  comment: optionalText(2000),
});

export const vaccineFields = z.object({
  vaccineName: requiredText('validation.vaccineNameRequired'),
  date: calendarDateSchema,
  dose: optionalText(50),
  manufacturer: optionalText(100),
  nextDose: optionalDate,
});

export const contactFields = z.object({
  name: requiredText('validation.contactNameRequired'),
  relationship: optionalText(100),
  phone: optionalText(40),
  email: z.preprocess((value) => (value === '' || value === undefined ? null : value), emailSchema.nullable()),
  address: optionalText(300),
});

/** A lab result must say what was measured or what came out. */
const labHasNameOrValue = (lab: { testName?: string | null; value?: string | null }) => Boolean(lab.testName || lab.value);
export const labAddFields = labFields.refine(labHasNameOrValue, { path: ['testName'], message: 'validation.labNameOrValue' });

const appointmentBase = z.object({
  date: momentSchema,
  motive: requiredText('validation.motiveRequired', 300),
  notes: optionalText(5000),
  end: z.preprocess((value) => (value === '' || value === undefined ? null : value), timeOfDaySchema.nullable()),
  medications: z.array(z.string().trim().min(1).max(200)).max(50),
  diagnosisIds: z.array(z.string().trim().min(1).max(50)).max(50),
});

export const appointmentFields = appointmentBase.extend({
  medications: appointmentBase.shape.medications.default([]),
  diagnosisIds: appointmentBase.shape.diagnosisIds.default([]),
});

// Built from the base without defaults: a default inside .partial() would still fire and
// overwrite the medications of every edited appointment with [].
export const appointmentUpdateFields = appointmentBase.partial().extend({ closed: z.boolean({ error: 'validation.invalid' }).optional() });

/** The response shapes (API.md "Shapes"). */
export interface Allergy {
  idPatientAllergy: number;
  allergyName: string;
  severity: (typeof ALLERGY_SEVERITIES)[number] | null;
  type: string | null;
  reaction: string | null;
}
export interface PathologicalRecord {
  idRecord: number;
  condition: string;
  diagnosisDate: string | null;
  status: (typeof RECORD_STATUSES)[number] | null;
  notes: string | null;
}
export interface Vital {
  idVital: number;
  date: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  temperature: number | null;
  oxygenSaturation: number | null;
  respiratoryRate: number | null;
}
export interface Lab {
  idLabs: number;
  idContent: number | null;
  testName: string | null;
  value: string | null;
  unit: string | null;
  referenceRange: string | null;
  date: string;
  comment: string | null;
}
export interface Vaccine {
  idVaccine: number;
  vaccineName: string;
  date: string;
  dose: string | null;
  manufacturer: string | null;
  nextDose: string | null;
}
export interface Contact {
  idContact: number;
  name: string;
  relationship: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}
export interface ClinicalHistory {
  idHistory: number;
  idPatient: number;
  idMedic: number | null;
  date: string;
  start: string;
  end: string | null;
  motive: string;
  notes: string | null;
  medications: string[];
  diagnosisIds: string[];
  closed: boolean;
}
