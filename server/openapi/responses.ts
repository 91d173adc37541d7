// What each procedure answers, as zod schemas for the API description. The shapes are the types in
// shared/ and the services (API.md "Shapes"): each schema below is checked by the compiler against
// the output tRPC infers for its procedure, and openapi.test.ts validates real answers against the
// JSON Schema made from it, so a description cannot drift from what the server sends.
import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import {
  ALLERGY_SEVERITIES,
  BLOOD_GROUPS,
  BLOOD_RH,
  FILE_MAIN_TYPES,
  LINK_REQUEST_STATUSES,
  RECORD_STATUSES,
  SEXES,
  USER_STATUSES,
  USER_TYPES,
} from '../../shared/constants';
import { AUDIT_OUTCOMES } from '../../shared/admin';
import { SECOND_FACTOR_METHODS } from '../../shared/second-factor';
import { errorStatus, type ErrorCode } from '../../shared/errors';
import type { HealthBody } from '../health';
import type { AppRouter } from '../trpc/router';

type Out = inferRouterOutputs<AppRouter>;

const text = z.string();
const nullableText = z.string().nullable();
const id = z.number().int().positive();

export const userSchema = z
  .object({
    idUser: id,
    name: text,
    lname: text,
    email: text,
    type: z.enum(USER_TYPES),
    phone: nullableText,
    address: nullableText,
    isAdmin: z.boolean(),
    status: z.enum(USER_STATUSES),
    mustChangePassword: z.boolean(),
    twoFactor: z
      .object({ totp: z.boolean(), passkeys: z.number().int().nonnegative() })
      .meta({ description: 'The second factors the account has: a confirmed authenticator app (TOTP), and how many passkeys' }),
  })
  .meta({ id: 'User' });

export const sessionSchema = z.object({ access_token: text, user: userSchema }).meta({ id: 'Session' });
/** A right password on an account with a second factor: no token yet (issue 23). */
export const secondFactorChallengeSchema = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: text.meta({ description: 'Sent back with the code to POST /auth/login/second-factor; lives 5 minutes, dies after 5 wrong codes' }),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  })
  .meta({ id: 'SecondFactorChallenge' });
const totpSetupSchema = z
  .object({ secret: text.meta({ description: 'Base32, to type into an app that cannot scan' }), otpauthUri: text })
  .meta({ id: 'TotpSetup' });
const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(text).meta({ description: 'Ten single-use codes, xxxxx-xxxxx, shown this once' }) })
  .meta({ id: 'RecoveryCodes' });
export const pendingRegistrationSchema = z
  .object({ pending: z.literal(true), message: text })
  .meta({ id: 'PendingRegistration' });

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

const nullableNumber = z.number().nullable();

export const allergySchema = z
  .object({ idPatientAllergy: id, allergyName: text, severity: z.enum(ALLERGY_SEVERITIES).nullable(), type: nullableText, reaction: nullableText })
  .meta({ id: 'Allergy' });
export const pathologicalRecordSchema = z
  .object({ idRecord: id, condition: text, diagnosisDate: nullableText, status: z.enum(RECORD_STATUSES).nullable(), notes: nullableText })
  .meta({ id: 'PathologicalRecord' });
export const vitalSchema = z
  .object({
    idVital: id,
    date: text,
    systolic: nullableNumber,
    diastolic: nullableNumber,
    heartRate: nullableNumber,
    temperature: nullableNumber,
    oxygenSaturation: nullableNumber,
    respiratoryRate: nullableNumber,
    weight: nullableNumber,
  })
  .meta({ id: 'Vital' });
export const labSchema = z
  .object({
    idLabs: id,
    idContent: nullableNumber,
    testName: nullableText,
    value: nullableText,
    unit: nullableText,
    referenceRange: nullableText,
    date: text,
    comment: nullableText,
  })
  .meta({ id: 'Lab' });
export const vaccineSchema = z
  .object({ idVaccine: id, vaccineName: text, date: text, dose: nullableText, manufacturer: nullableText, nextDose: nullableText })
  .meta({ id: 'Vaccine' });
export const contactSchema = z
  .object({ idContact: id, name: text, relationship: nullableText, phone: nullableText, email: nullableText, address: nullableText })
  .meta({ id: 'Contact' });
export const familyHistorySchema = z
  .object({ idFamilyHistory: id, relative: text, condition: text, notes: nullableText })
  .meta({ id: 'FamilyHistory', description: 'Antecedentes heredo-familiares: a relative and the condition they had' });
export const diagnosisSchema = z
  .object({ code: text, name: text })
  .meta({ id: 'Diagnosis', description: 'A code of the diagnosis catalog (CIE-10) and its name.' });
export const practiceSchema = z
  .object({ name: text, address: nullableText, city: nullableText, phone: nullableText })
  .meta({ id: 'Practice', description: "The practice's own data for printed documents; `name` defaults to PRACTICE_NAME, else \"Expediente\"." });
const practiceSettingsSchema = z
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

export const healthSchema = z
  .object({ status: z.literal('ok'), database: z.literal('writable'), documents: z.literal('present') })
  .meta({ id: 'Health' }) satisfies z.ZodType<HealthBody>;
export const unhealthySchema = z
  .object({
    status: z.literal('unavailable'),
    database: z.enum(['writable', 'full', 'read-only', 'damaged', 'unavailable']),
    documents: z.enum(['present', 'missing', 'full']),
  })
  .meta({ id: 'Unhealthy', description: 'Which of the two failed and how (full, read-only, damaged...), and nothing more.' }) satisfies z.ZodType<HealthBody>;

const patientPage = z
  .object({ patients: z.array(patientListItemSchema), nextCursor: nullableText, total: z.number().int().nonnegative() })
  .meta({ id: 'PatientPage' });
const accessLogPage = z
  .object({ events: z.array(accessLogEvent), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })
  .meta({ id: 'AccessLogPage' });
const doctorLinked = z.object({ message: text, doctor: doctorSchema });

const passkeySchema = z.object({ idPasskey: id, name: text, createdAt: text, lastUsedAt: nullableText }).meta({ id: 'Passkey' });
const newPasskeySchema = passkeySchema.omit({ lastUsedAt: true }).meta({ id: 'NewPasskey' });
const credentialDescriptor = z.object({ id: text, type: z.literal('public-key'), transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).optional() });
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
/**
 * WebAuthn's options, in outline: the WebAuthn specification (its ...OptionsJSON dictionaries)
 * describes them whole; they are handed as they are to @simplewebauthn/browser.
 */
const webauthnCreationOptionsSchema = z
  .object({
    challenge: text,
    rp: z.object({ id: text, name: text }),
    user: z.object({ id: text.meta({ description: 'The user handle, base64url' }), name: text, displayName: text }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
    timeout: z.number().int(),
    excludeCredentials: z.array(credentialDescriptor),
    authenticatorSelection: z.object({ residentKey: z.enum(['required', 'preferred', 'discouraged']), requireResidentKey: z.boolean(), userVerification }).partial(),
    attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']),
  })
  .partial({ timeout: true, excludeCredentials: true, authenticatorSelection: true, attestation: true })
  .loose()
  .meta({ id: 'WebAuthnCreationOptions', description: 'For navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON)' });
const webauthnRequestOptionsSchema = z
  .object({ challenge: text, rpId: text, allowCredentials: z.array(credentialDescriptor), userVerification, timeout: z.number().int() })
  .partial({ rpId: true, allowCredentials: true, userVerification: true, timeout: true })
  .loose()
  .meta({ id: 'WebAuthnRequestOptions', description: 'For navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON)' });

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
  'medics.me': doctorSchema satisfies z.ZodType<Out['medics']['me']>,
  'medics.updateMe': doctorSchema satisfies z.ZodType<Out['medics']['updateMe']>,
  'medics.searchDoctors': z.array(doctorSchema) satisfies z.ZodType<Out['medics']['searchDoctors']>,
  'medics.prescribedDrugs': z.array(drugSuggestionSchema) satisfies z.ZodType<Out['medics']['prescribedDrugs']>,

  'patients.me': patientSelfSchema satisfies z.ZodType<Out['patients']['me']>,
  'patients.myFhir': fhirBundleSchema,
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
