// What each procedure answers, as zod schemas for the API description. The shapes are the types in
// shared/ and the services (API.md "Shapes"): each schema below is checked by the compiler against
// the output tRPC infers for its procedure, and openapi.test.ts validates real answers against the
// JSON Schema made from it, so a description cannot drift from what the server sends.
import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import {
  BLOOD_GROUPS,
  BLOOD_RH,
  LINK_REQUEST_STATUSES,
  SEXES,
  USER_STATUSES,
  USER_TYPES,
} from '../../shared/constants';
import { AUDIT_OUTCOMES } from '../../shared/admin';
import { errorStatus, type ErrorCode } from '../../shared/errors';
import type { AppRouter } from '../trpc/router';
import { id, nullableText, text } from './schema-parts';
import { addendumSchema, clinicalHistorySchema, drugSuggestionSchema, fileSchema, practiceSettingsSchema, prescriptionSchema } from './clinical-schemas';
import { newPasskeySchema, passkeySchema, pendingRegistrationSchema, recoveryCodesSchema, secondFactorChallengeSchema, sessionSchema, totpSetupSchema, userSchema, webauthnCreationOptionsSchema, webauthnRequestOptionsSchema } from './account-schemas';
import { allergySchema, contactSchema, diagnosisSchema, familyHistorySchema, labSchema, pathologicalRecordSchema, vaccineSchema, vitalSchema } from './record-item-schemas';

type Out = inferRouterOutputs<AppRouter>;

export const doctorSchema = z
  .object({
    idMedic: id,
    name: text,
    lname: text,
    email: text,
    phone: nullableText,
    whatsapp: nullableText,
    about: nullableText,
    specialty: nullableText,
    licenseNumber: nullableText.meta({ description: 'Cédula profesional / número de colegiado; a prescription needs one' }),
  })
  .meta({ id: 'Doctor' });

export const medicAccountSchema = z
  .object({
    idMedic: id,
    idUser: id,
    name: text,
    lname: text,
    email: text,
    status: z.enum(USER_STATUSES),
    isAdmin: z.boolean(),
    createdAt: text,
  })
  .meta({ id: 'MedicAccount' });

const accountSummarySchema = z
  .object({ idUser: id, name: text, lname: text, email: text, type: z.enum(USER_TYPES), status: z.enum(USER_STATUSES) })
  .meta({ id: 'AccountSummary' });

const patientRef = z.object({ idPatient: id, name: text, lname: text });

export const emergencyAccessSchema = z
  .object({ idAccess: id, medic: doctorSchema, patient: patientRef, reason: text, startedAt: text, expiresAt: text })
  .meta({ id: 'EmergencyAccess' });

const backupRunSchema = z
  .object({ at: text, ok: z.boolean(), message: nullableText, file: nullableText, bytes: z.number().int().nonnegative().nullable() })
  .meta({ id: 'BackupRun' });
export const backupStatusSchema = z
  .object({
    enabled: z.boolean(),
    everyHours: z.number().positive().nullable(),
    keep: z.number().int().positive().nullable(),
    lastRun: backupRunSchema.nullable(),
    nextRunAt: nullableText,
  })
  .meta({ id: 'BackupStatus' });

const linkRequestForMedic = z
  .object({ idRequest: id, patient: patientRef.extend({ email: text }), createdAt: text, status: z.enum(LINK_REQUEST_STATUSES) })
  .meta({ id: 'LinkRequestForMedic' });
const linkRequestForPatient = z
  .object({ idRequest: id, medic: doctorSchema, createdAt: text })
  .meta({ id: 'LinkRequestForPatient' });

const bloodGroup = z.enum(BLOOD_GROUPS).nullable();
const bloodRh = z.enum(BLOOD_RH).nullable();

export const patientListItemSchema = z
  .object({
    idPatient: id,
    name: text,
    lname: text,
    email: text,
    phone: nullableText,
    bloodGroup,
    bloodRh,
    lastAppointment: nullableText,
    nextAppointment: nullableText,
    appointmentCount: z.number().int(),
  })
  .meta({ id: 'PatientListItem' });

const patientSearchResult = z
  .object({ idPatient: id, name: text, lname: text, email: text, phone: nullableText, linked: z.boolean() })
  .meta({ id: 'PatientSearchResult' });

const agendaItemSchema = z
  .object({
    idHistory: id,
    idPatient: id,
    patient: z.object({ name: text, lname: text, birthDate: nullableText }),
    date: text,
    start: text,
    end: nullableText,
    motive: text,
    closed: z.boolean(),
  })
  .meta({ id: 'AgendaItem' });

export const patientSchema = z
  .object({
    idPatient: id,
    idUser: id,
    name: text,
    lname: text,
    email: text,
    phone: nullableText,
    extraPhone: text,
    address: nullableText,
    addressSpecific: text,
    bloodGroup,
    bloodRh,
    civilStatus: nullableText,
    birthDate: nullableText.meta({ description: 'YYYY-MM-DD; the age is computed from it, never stored' }),
    sex: z.enum(SEXES).nullable(),
    weight: z.number().nullable(),
    height: z.number().nullable(),
    policy: text,
    documentNumber: nullableText,
  })
  .meta({ id: 'Patient' });

const lookup = z.object({ id, name: text }).meta({ id: 'Lookup' });
const habit = <T extends Record<string, z.ZodType>>(shape: T) => z.object(shape).nullable();
const insurance = z
  .object({ name: nullableText, type: nullableText, provider: nullableText, policyNumber: nullableText })
  .meta({ id: 'Insurance' });
const lifestyle = z
  .object({
    alcohol: habit({ frequency: nullableText, quantity: nullableText, type: nullableText }),
    tobacco: habit({ frequency: nullableText, quantity: nullableText, yearsUsing: nullableText }),
    drugs: habit({ type: nullableText, frequency: nullableText }),
    physicalActivity: habit({ frequency: nullableText, type: nullableText, duration: nullableText }),
  })
  .meta({ id: 'Lifestyle' });

const cursorText = nullableText.meta({ description: 'Where the next page starts (GET …/history, /vitals, /labs?cursor=); null when nothing is left' });

/** The long lists' totals and cursors beside their newest items (API.md "Long histories"). */
const longListCounts = {
  historyTotal: z.number().int().nonnegative().meta({ description: 'Every appointment of the record; the record carries the newest 50' }),
  historyNextCursor: cursorText,
  vitalsTotal: z.number().int().nonnegative().meta({ description: 'Every vital sign reading of the record; the record carries the newest 100' }),
  vitalsNextCursor: cursorText,
  labsTotal: z.number().int().nonnegative().meta({ description: 'Every lab result of the record; the record carries the newest 100' }),
  labsNextCursor: cursorText,
};

/** A page of a long list, newest first. */
const recordPage = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), nextCursor: cursorText, total: z.number().int().nonnegative() }).meta({ id: `${name}Page` });
const historyPage = recordPage(clinicalHistorySchema, 'ClinicalHistory');
const vitalsPage = recordPage(vitalSchema, 'Vital');
const labsPage = recordPage(labSchema, 'Lab');

/** What the medic's and the patient's record share: the patient, the lookups and the lists but appointments. */
const recordShape = {
  patient: patientSchema,
  profession: lookup.nullable(),
  religion: lookup.nullable(),
  nationality: lookup.nullable(),
  education: lookup.nullable(),
  documentType: lookup.nullable(),
  insurance: insurance.nullable(),
  lifestyle: lifestyle.nullable(),
  allergies: z.array(allergySchema),
  vitals: z.array(vitalSchema),
  labs: z.array(labSchema),
  vaccines: z.array(vaccineSchema),
  pathologicalRecords: z.array(pathologicalRecordSchema),
  contacts: z.array(contactSchema),
  familyHistory: z.array(familyHistorySchema),
  files: z.array(fileSchema),
  ...longListCounts,
};

export const patientDetailSchema = z
  .object({
    ...recordShape,
    history: z.array(clinicalHistorySchema),
    /** Under emergency access, which one and its end (the client's banner); otherwise null. */
    emergencyAccess: z.object({ idAccess: id, reason: text, expiresAt: text }).nullable(),
  })
  .meta({ id: 'PatientDetail' });

export const patientSelfSchema = z
  .object({
    ...recordShape,
    doctors: z.array(doctorSchema),
    clinicalHistories: z.array(clinicalHistorySchema),
    linkRequests: z.array(linkRequestForPatient),
  })
  .meta({ id: 'PatientSelf' });

const accessLogEvent = z
  .object({
    at: text,
    action: text,
    outcome: z.enum(['success', 'failure', 'denied']),
    medic: z.object({ idMedic: id, name: text, lname: text }).nullable(),
    detail: nullableText,
    emergency: z.boolean(),
  })
  .meta({ id: 'AccessLogEvent' });

const auditEventSchema = z
  .object({
    id,
    at: text,
    actor: z
      .object({ idUser: id, name: text, lname: text, type: z.enum(['patient', 'medic', 'anonymous']) })
      .nullable()
      .meta({ description: 'Who acted, under the name kept on the event; null when nobody was signed in. `anonymous` with an idUser: a failed sign-in to that account.' }),
    action: text,
    idPatient: id.nullable(),
    patient: z.object({ name: text, lname: text }).nullable(),
    outcome: z.enum(AUDIT_OUTCOMES),
    ip: nullableText,
    emergency: z.boolean(),
    detail: nullableText,
  })
  .meta({ id: 'AuditEvent' });
const auditEventsPageSchema = z
  .object({ events: z.array(auditEventSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int().nonnegative() })
  .meta({ id: 'AuditEventsPage' });
const auditVerificationSchema = z
  .object({
    ok: z.boolean(),
    checked: z.number().int().nonnegative(),
    unsealed: z.number().int().nonnegative().meta({ description: 'Rows after the last sealed head (written every 5 minutes), which it cannot vouch for yet.' }),
    firstBrokenId: id.nullable(),
  })
  .meta({ id: 'AuditVerification' });

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    error: text,
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
    message: text,
    issues: z.array(z.object({ path: text, message: text })).optional(),
  })
  .meta({ id: 'ErrorBody', description: 'Every failed call. `issues` only for validation (400).' });

const patientPage = z
  .object({ patients: z.array(patientListItemSchema), nextCursor: nullableText, total: z.number().int().nonnegative() })
  .meta({ id: 'PatientPage' });
const accessLogPage = z
  .object({ events: z.array(accessLogEvent), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'AccessLogPage' });
const doctorLinked = z.object({ message: text, doctor: doctorSchema });

/**
 * A FHIR export, in outline: FHIR's own definitions (StructureDefinitions, typed by @medplum/fhirtypes)
 * describe the resources, so this names the envelope only and is not tied to tRPC's output type,
 * which is FHIR's Bundle, not a shape of this API.
 */
export const fhirBundleSchema = z
  .object({
    resourceType: z.literal('Bundle'),
    type: z.literal('collection'),
    timestamp: text,
    entry: z.array(z.object({ fullUrl: text.meta({ description: 'urn:uuid:…, the same in every export of the record' }), resource: z.object({ resourceType: text, id: text }).loose() })),
  })
  .meta({ id: 'FhirBundle', description: 'A FHIR R4 Bundle of type collection: the Patient, then every item of the record as its FHIR resource.' });

/**
 * The answer of every procedure that answers something (the ones REST answers 204 for are absent),
 * each schema typed by the output tRPC infers for it.
 */
export const procedureResponses = {
  'auth.register': z.union([sessionSchema, pendingRegistrationSchema]) satisfies z.ZodType<Out['auth']['register']>,
  'auth.login': z.union([sessionSchema, secondFactorChallengeSchema]) satisfies z.ZodType<Out['auth']['login']>,
  'auth.loginSecondFactor': sessionSchema satisfies z.ZodType<Out['auth']['loginSecondFactor']>,
  'auth.totpSetup': totpSetupSchema satisfies z.ZodType<Out['auth']['totpSetup']>,
  'auth.totpEnable': recoveryCodesSchema satisfies z.ZodType<Out['auth']['totpEnable']>,
  'auth.profile': z.object({ user: userSchema }) satisfies z.ZodType<Out['auth']['profile']>,
  'auth.passkeyRegistrationOptions': webauthnCreationOptionsSchema satisfies z.ZodType<Out['auth']['passkeyRegistrationOptions']>,
  'auth.passkeyRegistration': newPasskeySchema satisfies z.ZodType<Out['auth']['passkeyRegistration']>,
  'auth.passkeys': z.object({ passkeys: z.array(passkeySchema) }) satisfies z.ZodType<Out['auth']['passkeys']>,
  'auth.passkeyAuthenticationOptions': webauthnRequestOptionsSchema satisfies z.ZodType<Out['auth']['passkeyAuthenticationOptions']>,
  'auth.passkeyAuthentication': sessionSchema satisfies z.ZodType<Out['auth']['passkeyAuthentication']>,

  'admin.medics': z.object({ medics: z.array(medicAccountSchema) }) satisfies z.ZodType<Out['admin']['medics']>,
  'admin.approveMedic': medicAccountSchema satisfies z.ZodType<Out['admin']['approveMedic']>,
  'admin.disableMedic': medicAccountSchema satisfies z.ZodType<Out['admin']['disableMedic']>,
  'admin.enableMedic': medicAccountSchema satisfies z.ZodType<Out['admin']['enableMedic']>,
  'admin.findAccount': z.object({ account: accountSummarySchema.nullable() }) satisfies z.ZodType<Out['admin']['findAccount']>,
  'admin.resetPassword': z.object({ temporaryPassword: text }) satisfies z.ZodType<Out['admin']['resetPassword']>,
  'admin.emergencyAccesses': z.object({ accesses: z.array(emergencyAccessSchema) }) satisfies z.ZodType<Out['admin']['emergencyAccesses']>,
  'admin.backupStatus': backupStatusSchema satisfies z.ZodType<Out['admin']['backupStatus']>,
  'admin.updatePractice': practiceSettingsSchema satisfies z.ZodType<Out['admin']['updatePractice']>,
  'admin.auditEvents': auditEventsPageSchema satisfies z.ZodType<Out['admin']['auditEvents']>,
  'admin.verifyAudit': auditVerificationSchema satisfies z.ZodType<Out['admin']['verifyAudit']>,

  'practice.details': practiceSettingsSchema satisfies z.ZodType<Out['practice']['details']>,

  'medics.myPatients': z.union([patientPage, z.object({ patients: z.array(patientListItemSchema) })]) satisfies z.ZodType<
    Out['medics']['myPatients']
  >,
  'medics.patientPage': patientPage satisfies z.ZodType<Out['medics']['patientPage']>,
  'medics.searchPatients': z.array(patientSearchResult) satisfies z.ZodType<Out['medics']['searchPatients']>,
  'medics.agenda': z.object({ appointments: z.array(agendaItemSchema) }) satisfies z.ZodType<Out['medics']['agenda']>,
  'medics.linkPatient': z.object({ message: text, request: linkRequestForMedic }) satisfies z.ZodType<Out['medics']['linkPatient']>,
  'medics.linkRequests': z.object({ requests: z.array(linkRequestForMedic) }) satisfies z.ZodType<Out['medics']['linkRequests']>,
  'medics.emergencyAccess': emergencyAccessSchema satisfies z.ZodType<Out['medics']['emergencyAccess']>,
  'medics.patientDetail': patientDetailSchema satisfies z.ZodType<Out['medics']['patientDetail']>,
  'medics.patientDetailHistory': historyPage satisfies z.ZodType<Out['medics']['patientDetailHistory']>,
  'medics.patientDetailVitals': vitalsPage satisfies z.ZodType<Out['medics']['patientDetailVitals']>,
  'medics.patientDetailLabs': labsPage satisfies z.ZodType<Out['medics']['patientDetailLabs']>,
  'medics.me': doctorSchema satisfies z.ZodType<Out['medics']['me']>,
  'medics.updateMe': doctorSchema satisfies z.ZodType<Out['medics']['updateMe']>,
  'medics.searchDoctors': z.array(doctorSchema) satisfies z.ZodType<Out['medics']['searchDoctors']>,
  'medics.prescribedDrugs': z.array(drugSuggestionSchema) satisfies z.ZodType<Out['medics']['prescribedDrugs']>,

  'patients.me': patientSelfSchema satisfies z.ZodType<Out['patients']['me']>,
  'patients.myFhir': fhirBundleSchema,
  'patients.myHistory': historyPage satisfies z.ZodType<Out['patients']['myHistory']>,
  'patients.myVitals': vitalsPage satisfies z.ZodType<Out['patients']['myVitals']>,
  'patients.myLabs': labsPage satisfies z.ZodType<Out['patients']['myLabs']>,
  'patients.fhirExport': fhirBundleSchema,
  'patients.accessLog': accessLogPage satisfies z.ZodType<Out['patients']['accessLog']>,
  'patients.linkDoctor': doctorLinked satisfies z.ZodType<Out['patients']['linkDoctor']>,
  'patients.acceptLinkRequest': doctorLinked satisfies z.ZodType<Out['patients']['acceptLinkRequest']>,
  'patients.create': patientSchema satisfies z.ZodType<Out['patients']['create']>,
  'patients.list': z.array(patientSchema) satisfies z.ZodType<Out['patients']['list']>,
  'patients.byId': patientSchema satisfies z.ZodType<Out['patients']['byId']>,
  'patients.update': patientSchema satisfies z.ZodType<Out['patients']['update']>,

  'catalog.diagnoses': z.array(diagnosisSchema) satisfies z.ZodType<Out['catalog']['diagnoses']>,

  'clinicalHistory.create': clinicalHistorySchema satisfies z.ZodType<Out['clinicalHistory']['create']>,
  'clinicalHistory.update': clinicalHistorySchema satisfies z.ZodType<Out['clinicalHistory']['update']>,
  'clinicalHistory.prescribe': prescriptionSchema satisfies z.ZodType<Out['clinicalHistory']['prescribe']>,
  'clinicalHistory.prescription': prescriptionSchema satisfies z.ZodType<Out['clinicalHistory']['prescription']>,
  'clinicalHistory.voidPrescription': prescriptionSchema satisfies z.ZodType<Out['clinicalHistory']['voidPrescription']>,
  'clinicalHistory.addAddendum': addendumSchema satisfies z.ZodType<Out['clinicalHistory']['addAddendum']>,
} satisfies Record<string, z.ZodType>;

/** A record collection's item, by the collection's key (record-collections.ts). */
export const collectionItems: Record<string, z.ZodType> = {
  allergies: allergySchema,
  pathologicalRecords: pathologicalRecordSchema,
  vitals: vitalSchema,
  labs: labSchema,
  vaccines: vaccineSchema,
  contacts: contactSchema,
  familyHistory: familyHistorySchema,
};

/** The description of an answer no schema above covers: an honest object, not an invented shape. */
export const undescribedObject = z.object({}).loose().meta({ description: 'A JSON object (API.md describes it).' });
