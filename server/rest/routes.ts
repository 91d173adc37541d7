// The REST adapter of API.md: one row per documented path, naming the tRPC procedure that
// serves it. Later issues only add rows. Validation and authorization live in the procedures.
import type { Bundle } from '@medplum/fhirtypes';
import { fhirExportFileName } from '../fhir/file-name';
import { collections } from '../services/record-collections';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RestRequestParts {
  params: Record<string, string>;
  /** One value per parameter (rest/request-input.ts refuses a parameter given twice or as an array). */
  query: Record<string, string | undefined>;
  /** A JSON object, or undefined when none was sent (anything else is refused before a row sees it). */
  body: unknown;
}

export interface RestRoute {
  method: HttpMethod;
  /** Path under /api, in Fastify's syntax (`:id`). */
  path: string;
  /** Dotted path of the tRPC procedure, e.g. 'auth.login'. */
  procedure: string;
  /** Success status; 204 sends no body. */
  status?: 200 | 201 | 202 | 204;
  /** Builds the procedure input; without it a procedure gets the body (or nothing for GET). */
  input?: (parts: RestRequestParts) => unknown;
  /** An answer saved as a file rather than read as JSON: its media type and the name to save it under. */
  download?: RestDownload;
}

export interface RestDownload {
  /** A JSON media type (the answer is still the procedure's result as JSON), e.g. application/fhir+json. */
  contentType: string;
  fileName: (result: unknown) => string;
  /** The answer's list (its last key) written out as it goes rather than made into one string first. */
  streamedList?: string;
}

/** FHIR's own media type (FHIR R4 http.html#mime), saved as expediente-<record>-<day>.fhir.json. */
const fhirDownload: RestDownload = {
  contentType: 'application/fhir+json',
  fileName: (result) => fhirExportFileName(result as Bundle),
  streamedList: 'entry',
};

/** The body's fields with the path's ids over them: an id in the path is never overridden by the body. */
const withParams = ({ params, body }: RestRequestParts): unknown => ({ ...(body as object | undefined), ...params });

/** ?cursor=&limit= of a long list's page: either left empty (`?cursor=`) asks for the default, as an absent one does. */
const recordPageQuery = ({ query: { cursor, limit } }: RestRequestParts) => ({
  cursor: cursor === '' ? undefined : cursor,
  limit: limit === '' ? undefined : limit,
});

export const restRoutes: RestRoute[] = [
  { method: 'POST', path: '/auth/register', procedure: 'auth.register', status: 201 },
  { method: 'POST', path: '/auth/login', procedure: 'auth.login' },
  { method: 'GET', path: '/auth/profile', procedure: 'auth.profile' },
  { method: 'POST', path: '/auth/logout', procedure: 'auth.logout', status: 204 },
  { method: 'POST', path: '/auth/change-password', procedure: 'auth.changePassword', status: 204 },
  // Second factor: the sign-in's second step, TOTP on and off, and the administrator's reset.
  { method: 'POST', path: '/auth/login/second-factor', procedure: 'auth.loginSecondFactor' },
  { method: 'POST', path: '/auth/totp/setup', procedure: 'auth.totpSetup' },
  { method: 'POST', path: '/auth/totp/enable', procedure: 'auth.totpEnable' },
  { method: 'POST', path: '/auth/totp/disable', procedure: 'auth.totpDisable', status: 204 },
  { method: 'POST', path: '/admin/users/:idUser/reset-second-factor', procedure: 'admin.resetSecondFactor', status: 204, input: ({ params }) => params },
  // Passkeys (WebAuthn): registered by a signed-in user; a sign-in after the password or alone.
  { method: 'POST', path: '/auth/passkeys/registration-options', procedure: 'auth.passkeyRegistrationOptions' },
  { method: 'POST', path: '/auth/passkeys/registration', procedure: 'auth.passkeyRegistration', status: 201 },
  { method: 'GET', path: '/auth/passkeys', procedure: 'auth.passkeys' },
  { method: 'DELETE', path: '/auth/passkeys/:idPasskey', procedure: 'auth.deletePasskey', status: 204, input: withParams },
  { method: 'POST', path: '/auth/passkeys/authentication-options', procedure: 'auth.passkeyAuthenticationOptions' },
  { method: 'POST', path: '/auth/passkeys/authentication', procedure: 'auth.passkeyAuthentication' },

  { method: 'GET', path: '/admin/medics', procedure: 'admin.medics' },
  { method: 'POST', path: '/admin/medics/:idMedic/approve', procedure: 'admin.approveMedic', input: ({ params }) => params },
  { method: 'POST', path: '/admin/medics/:idMedic/disable', procedure: 'admin.disableMedic', input: ({ params }) => params },
  { method: 'POST', path: '/admin/medics/:idMedic/enable', procedure: 'admin.enableMedic', input: ({ params }) => params },
  { method: 'GET', path: '/admin/users', procedure: 'admin.findAccount', input: ({ query }) => ({ email: query.email }) },
  { method: 'POST', path: '/admin/users/:idUser/reset-password', procedure: 'admin.resetPassword', input: ({ params }) => params },
  { method: 'GET', path: '/admin/emergency-access', procedure: 'admin.emergencyAccesses' },
  { method: 'GET', path: '/admin/backups', procedure: 'admin.backupStatus' },
  { method: 'PATCH', path: '/admin/practice', procedure: 'admin.updatePractice' },
  {
    method: 'GET',
    path: '/admin/audit',
    procedure: 'admin.auditEvents',
    input: ({ query: { from, to, idUser, idPatient, patient, action, outcome, page, cursor } }) => ({ from, to, idUser, idPatient, patient, action, outcome, page, cursor }),
  },
  // The CSV of the same filter is a stream, not JSON: rest/audit-export.ts serves GET /admin/audit.csv.
  { method: 'GET', path: '/admin/audit/verify', procedure: 'admin.verifyAudit', input: ({ query: { since } }) => ({ since }) },

  { method: 'GET', path: '/practice', procedure: 'practice.details' },

  {
    method: 'GET',
    path: '/medics/my-patients',
    procedure: 'medics.myPatients',
    // No query answers the whole list, as before paging; any of these asks for a page.
    input: ({ query: { limit, q, cursor } }) =>
      limit === undefined && q === undefined && cursor === undefined ? undefined : { limit, q, cursor },
  },
  { method: 'GET', path: '/medics/search-patients', procedure: 'medics.searchPatients', input: ({ query }) => ({ q: query.q }) },
  {
    method: 'GET',
    path: '/medics/agenda',
    procedure: 'medics.agenda',
    // `?from=` with nothing after it names no day: it takes the default, as an absent one does.
    input: ({ query: { from, to } }) => ({ from: from === '' ? undefined : from, to: to === '' ? undefined : to }),
  },
  { method: 'POST', path: '/medics/link-patient', procedure: 'medics.linkPatient', status: 202 },
  { method: 'GET', path: '/medics/link-requests', procedure: 'medics.linkRequests' },
  {
    method: 'DELETE',
    path: '/medics/link-requests/:idRequest',
    procedure: 'medics.withdrawLinkRequest',
    status: 204,
    input: ({ params }) => params,
  },
  { method: 'POST', path: '/medics/emergency-access', procedure: 'medics.emergencyAccess' },
  { method: 'GET', path: '/medics/me', procedure: 'medics.me' },
  { method: 'PATCH', path: '/medics/me', procedure: 'medics.updateMe' },
  {
    method: 'DELETE',
    path: '/medics/unlink-patient/:patientId',
    procedure: 'medics.unlinkPatient',
    status: 204,
    input: ({ params }) => ({ idPatient: params.patientId }),
  },
  { method: 'GET', path: '/medics/search', procedure: 'medics.searchDoctors', input: ({ query }) => ({ q: query.q }) },
  { method: 'GET', path: '/medics/prescribed-drugs', procedure: 'medics.prescribedDrugs', input: ({ query }) => ({ q: query.q }) },

  { method: 'GET', path: '/patients/me', procedure: 'patients.me' },
  { method: 'GET', path: '/patients/me/fhir', procedure: 'patients.myFhir', download: fhirDownload },
  { method: 'GET', path: '/patients/me/history', procedure: 'patients.myHistory', input: recordPageQuery },
  { method: 'GET', path: '/patients/me/vitals', procedure: 'patients.myVitals', input: recordPageQuery },
  { method: 'GET', path: '/patients/me/labs', procedure: 'patients.myLabs', input: recordPageQuery },
  { method: 'GET', path: '/patients/me/access-log', procedure: 'patients.accessLog', input: ({ query }) => ({ page: query.page ?? 1 }) },
  { method: 'POST', path: '/patients/me/link-doctor', procedure: 'patients.linkDoctor' },
  {
    method: 'POST',
    path: '/patients/me/link-requests/:idRequest/accept',
    procedure: 'patients.acceptLinkRequest',
    input: ({ params }) => params,
  },
  {
    method: 'POST',
    path: '/patients/me/link-requests/:idRequest/decline',
    procedure: 'patients.declineLinkRequest',
    status: 204,
    input: ({ params }) => params,
  },
  {
    method: 'DELETE',
    path: '/patients/me/unlink-doctor/:doctorId',
    procedure: 'patients.unlinkDoctor',
    status: 204,
    input: ({ params }) => ({ idMedic: params.doctorId }),
  },
  { method: 'POST', path: '/patients', procedure: 'patients.create', status: 201 },
  { method: 'GET', path: '/patients', procedure: 'patients.list' },
  { method: 'GET', path: '/patients/:id', procedure: 'patients.byId', input: ({ params }) => ({ idPatient: params.id }) },
  { method: 'GET', path: '/patients/:id/fhir', procedure: 'patients.fhirExport', input: ({ params }) => ({ idPatient: params.id }), download: fhirDownload },
  { method: 'PATCH', path: '/patients/:idPatient', procedure: 'patients.update', input: withParams },
  { method: 'GET', path: '/medics/patients/:id', procedure: 'medics.patientDetail', input: ({ params }) => ({ idPatient: params.id }) },
  // The rest of the record's long lists, page by page (API.md "Long histories").
  { method: 'GET', path: '/medics/patients/:id/history', procedure: 'medics.patientDetailHistory', input: (parts) => ({ idPatient: parts.params.id, ...recordPageQuery(parts) }) },
  { method: 'GET', path: '/medics/patients/:id/vitals', procedure: 'medics.patientDetailVitals', input: (parts) => ({ idPatient: parts.params.id, ...recordPageQuery(parts) }) },
  { method: 'GET', path: '/medics/patients/:id/labs', procedure: 'medics.patientDetailLabs', input: (parts) => ({ idPatient: parts.params.id, ...recordPageQuery(parts) }) },
  // Upload and download are not JSON: rest/documents.ts serves them.
  { method: 'DELETE', path: '/medics/patients/:idPatient/files/:fileId', procedure: 'medics.deleteFile', status: 204, input: withParams },

  ...collections.flatMap((def): RestRoute[] => [
    { method: 'POST', path: `/patients/:idPatient/${def.restPath}`, procedure: `patients.${def.key}.add`, status: 201, input: withParams },
    { method: 'PATCH', path: `/patients/:idPatient/${def.restPath}/:itemId`, procedure: `patients.${def.key}.update`, input: withParams },
    { method: 'DELETE', path: `/patients/:idPatient/${def.restPath}/:itemId`, procedure: `patients.${def.key}.remove`, status: 204, input: withParams },
  ]),

  {
    method: 'GET',
    path: '/catalog/diagnoses',
    procedure: 'catalog.diagnoses',
    // `?limit=` with nothing after it asks for no particular number: the default, as an absent one.
    input: ({ query: { q, lang, limit } }) => ({ q, lang: lang === '' ? undefined : lang, limit: limit === '' ? undefined : limit }),
  },

  { method: 'POST', path: '/clinical-history', procedure: 'clinicalHistory.create', status: 201 },
  { method: 'PATCH', path: '/clinical-history/:idHistory', procedure: 'clinicalHistory.update', input: withParams },
  { method: 'DELETE', path: '/clinical-history/:idHistory', procedure: 'clinicalHistory.remove', status: 204, input: withParams },
  { method: 'POST', path: '/clinical-history/:idHistory/prescriptions', procedure: 'clinicalHistory.prescribe', status: 201, input: withParams },
  { method: 'POST', path: '/clinical-history/:idHistory/addenda', procedure: 'clinicalHistory.addAddendum', status: 201, input: withParams },
  { method: 'GET', path: '/prescriptions/:idPrescription', procedure: 'clinicalHistory.prescription', input: ({ params }) => params },
  { method: 'POST', path: '/prescriptions/:idPrescription/void', procedure: 'clinicalHistory.voidPrescription', input: withParams },
];
