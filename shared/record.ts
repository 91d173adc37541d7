// The sub-records of a patient's record (SPEC.md §3, API.md "Shapes"): one schema each for
// adding, and the same made partial for editing. Shared by server validation and client forms.
import { z } from 'zod';
import { ALLERGY_SEVERITIES, RECORD_STATUSES } from './constants';
import {
  clearableDate,
  clearableEmail,
  clearableEnum,
  clearableId,
  clearableNumber,
  clearableText,
  dateOrMomentSchema,
  calendarDateSchema,
  longText,
  momentSchema,
  numberInRange,
  requiredText,
  clearableTime,
  listItem,
} from './fields';
import { weightSchema } from './patients';
import { DIAGNOSES_MAX, diagnosisCodeInput, type Diagnosis } from './catalog';
import type { Addendum, Prescription } from './prescriptions';

/** Each text of the consultation note (API.md "The clinical day"). */
export const NOTE_FIELD_MAX = 10_000;

export const allergyFields = z.object({
  allergyName: requiredText('validation.allergyNameRequired'),
  severity: clearableEnum(z.enum(ALLERGY_SEVERITIES, { error: 'validation.severityInvalid' })),
  type: clearableText(100),
  reaction: clearableText(),
});

export const pathologicalRecordFields = z.object({
  condition: requiredText('validation.conditionRequired'),
  diagnosisDate: clearableDate,
  status: clearableEnum(z.enum(RECORD_STATUSES, { error: 'validation.statusInvalid' })),
  notes: longText(2000),
});

export const vitalFields = z.object({
  date: dateOrMomentSchema,
  systolic: clearableNumber(numberInRange(40, 300, 'validation.systolicRange', { integer: true })),
  diastolic: clearableNumber(numberInRange(20, 200, 'validation.diastolicRange', { integer: true })),
  heartRate: clearableNumber(numberInRange(20, 300, 'validation.heartRateRange', { integer: true })),
  temperature: clearableNumber(numberInRange(25, 45, 'validation.temperatureRange', { step: 0.1 })),
  oxygenSaturation: clearableNumber(numberInRange(0, 100, 'validation.oxygenRange')),
  respiratoryRate: clearableNumber(numberInRange(4, 80, 'validation.respiratoryRange', { integer: true })),
  // The same rule as the patient's own weight field.
  weight: clearableNumber(weightSchema),
  /** The consultation it was measured at (today's only); absent, a reading of its own. Never changed after. */
  idHistory: clearableId.optional(),
});
/** An edit: a reading stays with the consultation it was recorded at. */
export const vitalUpdateFields = vitalFields.omit({ idHistory: true }).partial();

export const labFields = z.object({
  idContent: clearableId,
  testName: clearableText(200),
  value: clearableText(200),
  unit: clearableText(50),
  referenceRange: clearableText(100),
  date: calendarDateSchema,
  comment: longText(2000),
  /** The consultation it was ordered or read at (today's only); absent, a result of its own. Never changed after. */
  idHistory: clearableId.optional(),
});
/** An edit: a result stays with the consultation it was recorded at. */
export const labUpdateFields = labFields.omit({ idHistory: true }).partial();

export const vaccineFields = z.object({
  vaccineName: requiredText('validation.vaccineNameRequired'),
  date: calendarDateSchema,
  dose: clearableText(50),
  manufacturer: clearableText(100),
  nextDose: clearableDate,
});

export const contactFields = z.object({
  name: requiredText('validation.contactNameRequired'),
  relationship: clearableText(100),
  phone: clearableText(40),
  email: clearableEmail,
  address: clearableText(300),
});

/** Antecedentes heredo-familiares (NOM-004 6.1.1): which relative had which condition. */
export const familyHistoryFields = z.object({
  relative: requiredText('validation.relativeRequired', 100),
  condition: requiredText('validation.conditionRequired'),
  notes: longText(2000),
});

/** A lab result must say what was measured or what came out. */
const labHasNameOrValue = (lab: { testName?: string | null; value?: string | null }) => Boolean(lab.testName || lab.value);
export const labAddFields = labFields.refine(labHasNameOrValue, { path: ['testName'], message: 'validation.labNameOrValue' });

const appointmentBase = z.object({
  date: momentSchema,
  motive: requiredText('validation.motiveRequired', 300),
  notes: longText(5000),
  end: clearableTime,
  medications: z.array(listItem(200), { error: 'validation.invalid' }).max(50, 'validation.tooMany'),
  diagnosisIds: z.array(listItem(50), { error: 'validation.invalid' }).max(DIAGNOSES_MAX, 'validation.tooMany'),
  // The consultation note, in NOM-004-SSA3-2012's order (6.2): course of the illness, examination, plan, prognosis.
  subjective: longText(NOTE_FIELD_MAX),
  exploration: longText(NOTE_FIELD_MAX),
  plan: longText(NOTE_FIELD_MAX),
  prognosis: longText(NOTE_FIELD_MAX),
  /** Codes of the diagnosis catalog; the service names them from it. Given with diagnosisIds, both must name the same codes. */
  diagnoses: z.array(diagnosisCodeInput, { error: 'validation.invalid' }).max(DIAGNOSES_MAX, 'validation.tooMany'),
});

/** An appointment ends after it starts (its moment's time of day). */
export const endsAfterStart = (start: string, end: string | null | undefined) => !end || end > start;
const endAfterStart = {
  path: ['end'],
  message: 'validation.endBeforeStart',
};

export const appointmentFields = appointmentBase
  .extend({
    medications: appointmentBase.shape.medications.default([]),
    diagnosisIds: appointmentBase.shape.diagnosisIds.default([]),
    // No default: absent, the diagnoses are diagnosisIds' codes (or none).
    diagnoses: appointmentBase.shape.diagnoses.optional(),
  })
  .refine((appointment) => endsAfterStart(appointment.date.slice(11, 16), appointment.end), endAfterStart);

// Built from the base without defaults: a default inside .partial() would still fire and
// overwrite the medications of every edited appointment with []. When only one of date and end
// is sent, the service compares it with the stored other.
export const appointmentUpdateFields = appointmentBase
  .partial()
  .extend({ closed: z.boolean({ error: 'validation.invalid' }).optional() })
  .refine((changes) => !changes.date || endsAfterStart(changes.date.slice(11, 16), changes.end), endAfterStart);

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
  weight: number | null;
  /** The consultation it was measured at; null for a reading of its own. */
  idHistory: number | null;
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
  /** The consultation it was recorded at; null for a result of its own. */
  idHistory: number | null;
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
export interface FamilyHistory {
  idFamilyHistory: number;
  relative: string;
  condition: string;
  notes: string | null;
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
  subjective: string | null;
  exploration: string | null;
  plan: string | null;
  prognosis: string | null;
  /** The catalog's name as it was when written; a code stored before the catalog carries its own text. */
  diagnoses: Diagnosis[];
  /** Who holds the appointment: the medic who created it. */
  medic: { idMedic: number; name: string; lname: string } | null;
  closed: boolean;
  /** Issued at this appointment, in the order issued; a voided one stays, marked as voided. */
  prescriptions: Prescription[];
  /** Notes added after the fact, in the order written; the original note stays as it was. */
  addenda: Addendum[];
  /** When it was first saved (server clock, ISO 8601). */
  writtenAt: string;
  /** Written after its appointment's day (a consultation recorded late): locked at once, shown as such. */
  lateEntry: boolean;
}
/** An uploaded document as the API describes it (its bytes are served by the document routes). */
export interface RecordFile {
  idFile: number;
  name: string;
  date: string;
  mainType: 'image' | 'video' | 'audio' | 'pdf';
  code: string;
  comment: string | null;
  size: number;
  mimeType: string;
}
