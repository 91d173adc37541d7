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
});

export const labFields = z.object({
  idContent: clearableId,
  testName: clearableText(200),
  value: clearableText(200),
  unit: clearableText(50),
  referenceRange: clearableText(100),
  date: calendarDateSchema,
  comment: longText(2000),
});

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

/** A lab result must say what was measured or what came out. */
const labHasNameOrValue = (lab: { testName?: string | null; value?: string | null }) => Boolean(lab.testName || lab.value);
export const labAddFields = labFields.refine(labHasNameOrValue, { path: ['testName'], message: 'validation.labNameOrValue' });

const appointmentBase = z.object({
  date: momentSchema,
  motive: requiredText('validation.motiveRequired', 300),
  notes: longText(5000),
  end: clearableTime,
  medications: z.array(listItem(200), { error: 'validation.invalid' }).max(50, 'validation.tooMany'),
  diagnosisIds: z.array(listItem(50), { error: 'validation.invalid' }).max(50, 'validation.tooMany'),
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
