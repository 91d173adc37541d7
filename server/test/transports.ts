// The practice-administration rules must hold whichever way a client calls: the REST adapter or
// tRPC. Each transport here runs the same operations and answers {status, code, body}, so one test
// body runs against both. tRPC answers 200 for every success; REST's own success codes have tests of their own.
import type { FastifyInstance } from 'fastify';
import { classifyError } from '../error-mapping';
import type { Session } from '../../shared/auth';
import { bearer, callerFor } from './helpers';

export interface Outcome {
  status: number;
  code: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

type Token = string | undefined;

export interface InjectedCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The whole path, /api included. */
  url: string;
  token?: Token;
  payload?: object | undefined;
  /** The caller's address (sign-in limits count by it); 127.0.0.1 by default. */
  ip?: string | undefined;
}

/** One REST call through Fastify's inject, as {status, code, body}. */
export async function injectOutcome(app: FastifyInstance, call: InjectedCall): Promise<Outcome> {
  const response = await app.inject({
    method: call.method,
    url: call.url,
    headers: call.token ? bearer(call.token) : {},
    remoteAddress: call.ip ?? '127.0.0.1',
    ...(call.payload ? { payload: call.payload } : {}),
  });
  const body = response.body ? response.json() : null;
  return { status: response.statusCode, code: response.statusCode >= 400 ? (body?.code ?? null) : null, body };
}

/** One tRPC call made directly on the router, as {status, code, body}: a thrown error classified as the HTTP layer would. */
export async function procedureOutcome(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, code: null, body: await work() };
  } catch (error) {
    const classified = classifyError(error);
    // The field issues a client would read from the error's data, as REST's body carries them.
    return { status: classified.status, code: classified.code, body: { issues: classified.issues ?? null } };
  }
}

export interface Transport {
  name: 'REST' | 'tRPC';
  register(account: { name: string; lname: string; email: string; password: string; type: 'patient' | 'medic'; doctorEmail?: string }): Promise<Outcome>;
  login(email: string, password: string): Promise<Outcome>;
  profile(token: Token): Promise<Outcome>;
  changePassword(token: Token, currentPassword: string, newPassword: string): Promise<Outcome>;
  adminMedics(token: Token): Promise<Outcome>;
  setMedicStatus(token: Token, idMedic: number, change: 'approve' | 'disable' | 'enable'): Promise<Outcome>;
  resetPassword(token: Token, idUser: number): Promise<Outcome>;
  emergencyList(token: Token): Promise<Outcome>;
  linkPatient(token: Token, patientEmail: string): Promise<Outcome>;
  medicRequests(token: Token): Promise<Outcome>;
  withdrawRequest(token: Token, idRequest: number): Promise<Outcome>;
  patientSelf(token: Token): Promise<Outcome>;
  answerRequest(token: Token, idRequest: number, answer: 'accept' | 'decline'): Promise<Outcome>;
  patientDetail(token: Token, idPatient: number): Promise<Outcome>;
  addAllergy(token: Token, idPatient: number): Promise<Outcome>;
  emergencyAccess(token: Token, patientEmail: string, reason: string): Promise<Outcome>;
  searchPatients(token: Token, q: string): Promise<Outcome>;
  searchDoctors(token: Token, q: string): Promise<Outcome>;
  updateMe(token: Token, changes: Record<string, unknown>): Promise<Outcome>;
  accessLog(token: Token): Promise<Outcome>;
}

export function restTransport(app: FastifyInstance): Transport {
  const call = (method: InjectedCall['method'], url: string, token: Token, payload?: object) => injectOutcome(app, { method, url, token, payload });
  return {
    name: 'REST',
    register: (account) => call('POST', '/api/auth/register', undefined, account),
    login: (email, password) => call('POST', '/api/auth/login', undefined, { email, password }),
    profile: (token) => call('GET', '/api/auth/profile', token),
    changePassword: (token, currentPassword, newPassword) => call('POST', '/api/auth/change-password', token, { currentPassword, newPassword }),
    adminMedics: (token) => call('GET', '/api/admin/medics', token),
    setMedicStatus: (token, idMedic, change) => call('POST', `/api/admin/medics/${idMedic}/${change}`, token),
    resetPassword: (token, idUser) => call('POST', `/api/admin/users/${idUser}/reset-password`, token),
    emergencyList: (token) => call('GET', '/api/admin/emergency-access', token),
    linkPatient: (token, patientEmail) => call('POST', '/api/medics/link-patient', token, { patientEmail }),
    medicRequests: (token) => call('GET', '/api/medics/link-requests', token),
    withdrawRequest: (token, idRequest) => call('DELETE', `/api/medics/link-requests/${idRequest}`, token),
    patientSelf: (token) => call('GET', '/api/patients/me', token),
    answerRequest: (token, idRequest, answer) => call('POST', `/api/patients/me/link-requests/${idRequest}/${answer}`, token),
    patientDetail: (token, idPatient) => call('GET', `/api/medics/patients/${idPatient}`, token),
    addAllergy: (token, idPatient) => call('POST', `/api/patients/${idPatient}/allergies`, token, { allergyName: 'Penicilina' }),
    emergencyAccess: (token, patientEmail, reason) => call('POST', '/api/medics/emergency-access', token, { patientEmail, reason }),
    searchPatients: (token, q) => call('GET', `/api/medics/search-patients?q=${encodeURIComponent(q)}`, token),
    searchDoctors: (token, q) => call('GET', `/api/medics/search?q=${encodeURIComponent(q)}`, token),
    updateMe: (token, changes) => call('PATCH', '/api/medics/me', token, changes),
    accessLog: (token) => call('GET', '/api/patients/me/access-log', token),
  };
}

export function trpcTransport(app: FastifyInstance): Transport {
  const as = (token: Token) => callerFor(app, token);
  const run = procedureOutcome;
  return {
    name: 'tRPC',
    register: (account) => run(() => as(undefined).auth.register(account)),
    login: (email, password) => run(() => as(undefined).auth.login({ email, password })),
    profile: (token) => run(() => as(token).auth.profile()),
    changePassword: (token, currentPassword, newPassword) => run(() => as(token).auth.changePassword({ currentPassword, newPassword })),
    adminMedics: (token) => run(() => as(token).admin.medics()),
    setMedicStatus: (token, idMedic, change) =>
      run(() => {
        const admin = as(token).admin;
        return change === 'approve' ? admin.approveMedic({ idMedic }) : change === 'disable' ? admin.disableMedic({ idMedic }) : admin.enableMedic({ idMedic });
      }),
    resetPassword: (token, idUser) => run(() => as(token).admin.resetPassword({ idUser })),
    emergencyList: (token) => run(() => as(token).admin.emergencyAccesses()),
    linkPatient: (token, patientEmail) => run(() => as(token).medics.linkPatient({ patientEmail })),
    medicRequests: (token) => run(() => as(token).medics.linkRequests()),
    withdrawRequest: (token, idRequest) => run(() => as(token).medics.withdrawLinkRequest({ idRequest })),
    patientSelf: (token) => run(() => as(token).patients.me()),
    answerRequest: (token, idRequest, answer) =>
      run(() => (answer === 'accept' ? as(token).patients.acceptLinkRequest({ idRequest }) : as(token).patients.declineLinkRequest({ idRequest }))),
    patientDetail: (token, idPatient) => run(() => as(token).medics.patientDetail({ idPatient })),
    // The collection routers are generic, so their input type is loose; the schema still checks it.
    addAllergy: (token, idPatient) => run(() => (as(token).patients.allergies.add as (input: unknown) => Promise<unknown>)({ idPatient, allergyName: 'Penicilina' })),
    emergencyAccess: (token, patientEmail, reason) => run(() => as(token).medics.emergencyAccess({ patientEmail, reason })),
    searchPatients: (token, q) => run(() => as(token).medics.searchPatients({ q })),
    searchDoctors: (token, q) => run(() => as(token).medics.searchDoctors({ q })),
    updateMe: (token, changes) => run(() => as(token).medics.updateMe(changes)),
    accessLog: (token) => run(() => as(token).patients.accessLog({ page: 1 })),
  };
}

export const bothTransports = [
  ['REST', restTransport],
  ['tRPC', trpcTransport],
] as const;

export const tokenOf = (outcome: Outcome): string => (outcome.body as Session).access_token;
