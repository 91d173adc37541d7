// Patient schemas shared by the server (validation) and the client (forms and types).
import { z } from 'zod';
import { cursorOf, decodeCursorKey, encodeCursorKey, pageSizeUpTo } from './paging';
import { passwordSchema } from './auth';
import type { LINK_REQUEST_STATUSES } from './constants';
import { BLOOD_GROUPS, BLOOD_RH, EMERGENCY_REASON_MAX, EMERGENCY_REASON_MIN, PATIENT_PAGE_MAX, SEXES } from './constants';
import { localDay } from './dates';
import {
  calendarDateSchema,
  clearableText,
  emailSchema,
  hasForbiddenCharacters,
  idSchema,
  optionalEnum,
  optionalNumber,
  optionalText,
  personName,
  text,
} from './fields';

export const weightSchema = z
  .number({ error: 'validation.numberInvalid' })
  .min(0.2, 'validation.weightRange')
  .max(500, 'validation.weightRange')
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'validation.weightStep');
export const heightSchema = z
  .number({ error: 'validation.numberInvalid' })
  .int('validation.heightInteger')
  .min(20, 'validation.heightRange')
  .max(260, 'validation.heightRange');

export const bloodGroupSchema = z.enum(BLOOD_GROUPS, { error: 'validation.bloodGroupInvalid' });
export const bloodRhSchema = z.enum(BLOOD_RH, { error: 'validation.bloodRhInvalid' });
export const sexSchema = z.enum(SEXES, { error: 'validation.sexInvalid' });

/** The earliest birth date a record takes: anything before is a typing slip, not a patient. */
export const BIRTH_DATE_MIN = '1900-01-01';

/**
 * A birth date: a real calendar date from 1900 to today. "Today" is read when the value is checked,
 * on the server in the practice's time zone, in the browser in the user's. The range is checked only
 * once the date is a real one, so a bad date gets one message.
 */
export const birthDateSchema = calendarDateSchema.pipe(
  z
    .string()
    .refine((value) => value >= BIRTH_DATE_MIN, 'validation.birthDateTooEarly')
    .refine((value) => value <= localDay(new Date()), 'validation.birthDateInFuture'),
);

const blankAs =
  <T>(none: T) =>
  (value: unknown) =>
    value === '' || value === null || value === undefined ? none : value;

/** Creation payloads: blank means "not given". */
const optionalBirthDate = z.preprocess(blankAs(undefined), birthDateSchema.optional());
/** PATCH: blank means "none", so a stored birth date can be cleared. */
export const clearableBirthDate = z.preprocess(blankAs(null), birthDateSchema.nullable());

/** The create-patient modal and POST /patients for a new account. */
export const createPatientAccountInput = z.object({
  name: personName('validation.nameRequired'),
  lname: personName('validation.lnameRequired'),
  email: emailSchema,
  password: passwordSchema,
  phone: optionalText(40),
  address: optionalText(300),
  weight: optionalNumber(weightSchema),
  height: optionalNumber(heightSchema),
  bloodGroup: optionalEnum(bloodGroupSchema),
  bloodRh: optionalEnum(bloodRhSchema),
  civilStatus: optionalText(60),
  birthDate: optionalBirthDate,
  sex: optionalEnum(sexSchema),
});
export type CreatePatientAccountInput = z.input<typeof createPatientAccountInput>;

/** POST /patients in the documented form, for an existing patient account. */
export const createPatientForUserInput = z.object({
  idUser: idSchema,
  email: emailSchema,
  phone: optionalText(40),
  extraPhone: optionalText(40),
  address: optionalText(300),
  addressSpecific: optionalText(300),
  bloodGroup: optionalEnum(bloodGroupSchema),
  bloodRh: optionalEnum(bloodRhSchema),
  weight: optionalNumber(weightSchema),
  height: optionalNumber(heightSchema),
  civilStatus: optionalText(60),
  policy: optionalText(100),
  origin: optionalText(200),
  originSent: optionalText(200),
  originPlace: optionalText(200),
  insuranceComment: optionalText(500, { multiline: true }),
  birthDate: optionalBirthDate,
  sex: optionalEnum(sexSchema),
});
export type CreatePatientForUserInput = z.input<typeof createPatientForUserInput>;

type CreatePatientOutput =
  | ({ form: 'existingUser' } & z.output<typeof createPatientForUserInput>)
  | ({ form: 'newAccount' } & z.output<typeof createPatientAccountInput>);

/** Either form of POST /patients, told apart by idUser so errors name the fields of that form. */
export const createPatientInput = z.unknown().transform((value, ctx): CreatePatientOutput => {
  const forExistingUser = typeof value === 'object' && value !== null && 'idUser' in value;
  const result = (forExistingUser ? createPatientForUserInput : createPatientAccountInput).safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return forExistingUser
    ? { form: 'existingUser', ...(result.data as z.output<typeof createPatientForUserInput>) }
    : { form: 'newAccount', ...(result.data as z.output<typeof createPatientAccountInput>) };
});

export const patientIdInput = z.object({ idPatient: idSchema });

// Not trimmed: the services decide what a blank query finds.
const searchText = z
  .string({ error: 'validation.invalid' })
  .max(200, 'validation.tooLong')
  .refine((value) => !hasForbiddenCharacters(value), 'validation.controlCharacters')
  .optional()
  .default('');

export const searchInput = z.object({ q: searchText });

/**
 * Text as the patient list filter compares it (SPEC §2): case and accents ignored, since Spanish
 * names are often typed without them ("hernandez" finds Hernández).
 */
export const foldForSearch = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether a patient matches the list filter: the query anywhere in the full name ("name lname", so
 * a first or last name, or both as one reads them), the email or the phone.
 */
export function matchesPatientQuery(patient: Pick<PatientListItem, 'name' | 'lname' | 'email' | 'phone'>, query: string): boolean {
  const needle = foldForSearch(query.trim());
  return [`${patient.name} ${patient.lname}`, patient.email, patient.phone ?? ''].some((field) => foldForSearch(field).includes(needle));
}

/** Where the next page of a medic's patients starts: the sort key of the last one sent. */
export interface PatientPageKey {
  lname: string;
  name: string;
  idPatient: number;
}

/** The opaque cursor clients send back (shared/paging.ts). */
export const encodePatientCursor = ({ lname, name, idPatient }: PatientPageKey): string => encodeCursorKey([lname, name, idPatient]);

/** The key a cursor stands for, or undefined when it is not one this server wrote. */
export function decodePatientCursor(cursor: string): PatientPageKey | undefined {
  const [lname, name, idPatient] = decodeCursorKey(cursor, 3, 1200) ?? [];
  if (typeof lname !== 'string' || typeof name !== 'string' || lname.length > 200 || name.length > 200) return undefined;
  if (typeof idPatient !== 'number' || !Number.isSafeInteger(idPatient) || idPatient < 1) return undefined;
  return { lname, name, idPatient };
}

const pageSize = pageSizeUpTo(PATIENT_PAGE_MAX);

const patientCursor = cursorOf(decodePatientCursor);

/** GET /medics/my-patients?limit=&q=&cursor= (API.md "Paged patient list"). */
export const patientPageInput = z.object({
  limit: pageSize,
  q: searchText,
  /** Absent (or null, as an infinite query's first page sends it) for the first page. */
  cursor: patientCursor.nullish(),
});
export type PatientPageInput = z.input<typeof patientPageInput>;

export const linkPatientInput = z.object({ patientEmail: emailSchema });
export const linkDoctorInput = z.object({ doctorEmail: emailSchema });

export interface PatientListItem {
  idPatient: number;
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  bloodGroup: (typeof BLOOD_GROUPS)[number] | null;
  bloodRh: (typeof BLOOD_RH)[number] | null;
  /** The latest appointment that has begun (YYYY-MM-DDTHH:mm, never in the future) or null. */
  lastAppointment: string | null;
  /** The soonest appointment still to come (YYYY-MM-DDTHH:mm) or null. */
  nextAppointment: string | null;
  appointmentCount: number;
}

/** One page of the medic's patients; total counts every patient the filter finds, not only this page. */
export interface PatientPage {
  patients: PatientListItem[];
  nextCursor: string | null;
  total: number;
}

export interface PatientSearchResult {
  idPatient: number;
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  /** Already one of the caller's patients; otherwise found by exact email only. */
  linked: boolean;
}

export const requestIdInput = z.object({ idRequest: idSchema });

export const emergencyAccessInput = z.object({
  patientEmail: emailSchema,
  reason: text({
    multiline: true,
    requiredKey: 'validation.emergencyReasonLength',
    min: EMERGENCY_REASON_MIN,
    max: EMERGENCY_REASON_MAX,
    lengthKey: 'validation.emergencyReasonLength',
  }),
});
export type EmergencyAccessInput = z.input<typeof emergencyAccessInput>;

/**
 * PATCH /medics/me: the Doctor fields a patient's doctor card shows, and the specialty and licence
 * number a prescription prints. Absent keeps, blank clears an optional field.
 */
export const medicProfileInput = z.object({
  name: personName('validation.nameRequired').optional(),
  lname: personName('validation.lnameRequired').optional(),
  phone: clearableText(40).optional(),
  address: clearableText(300).optional(),
  whatsapp: clearableText(40).optional(),
  about: clearableText(1000, { multiline: true }).optional(),
  specialty: clearableText(100).optional(),
  licenseNumber: clearableText(50).optional(),
});
export type MedicProfileInput = z.input<typeof medicProfileInput>;

export interface LinkRequestForPatient {
  idRequest: number;
  medic: Doctor;
  createdAt: string;
}

export interface LinkRequestForMedic {
  idRequest: number;
  patient: { idPatient: number; name: string; lname: string; email: string };
  createdAt: string;
  status: (typeof LINK_REQUEST_STATUSES)[number];
}

export interface EmergencyAccess {
  idAccess: number;
  medic: Doctor;
  patient: { idPatient: number; name: string; lname: string };
  reason: string;
  startedAt: string;
  expiresAt: string;
}

export interface Patient {
  idPatient: number;
  idUser: number;
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  extraPhone: string;
  address: string | null;
  addressSpecific: string;
  bloodGroup: (typeof BLOOD_GROUPS)[number] | null;
  bloodRh: (typeof BLOOD_RH)[number] | null;
  civilStatus: string | null;
  /** YYYY-MM-DD; the age is computed from it (age.ts), never stored. */
  birthDate: string | null;
  sex: (typeof SEXES)[number] | null;
  weight: number | null;
  height: number | null;
  policy: string;
  documentNumber: string | null;
}

export interface Doctor {
  idMedic: number;
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  whatsapp: string | null;
  about: string | null;
  specialty: string | null;
  /** Cédula profesional / número de colegiado: a prescription cannot be issued without one. */
  licenseNumber: string | null;
}
