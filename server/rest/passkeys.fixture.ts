// The passkey tests' practice and their helpers: the passkey calls through REST or tRPC, a software
// authenticator holding a registered passkey, a passwordless sign-in, and the audit rows since a point.
import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRows } from '../db/raw-sql';
import { buildTestApp, callerFor, TEST_PASSWORD, testConfig } from '../test/helpers';
import { injectOutcome, procedureOutcome, type Outcome } from '../test/transports';
import { SoftwareAuthenticator, type Misbehaviour } from '../test/software-authenticator';

export const ORIGIN = 'https://consultorio.test';
export const RP_ID = 'consultorio.test';

/** The practice a test file's passkey tests share: built before them by usePasskeyPractice, closed after. */
export let app: FastifyInstance;
export function usePasskeyPractice(): void {
  beforeAll(async () => {
    app = await buildTestApp({ config: testConfig({ publicOrigin: ORIGIN }) });
  });
  afterAll(() => app.close());
}

export type Token = string | undefined;

/** The passkey calls, the same operations through either transport, from a given address. */
export interface PasskeyTransport {
  name: 'REST' | 'tRPC';
  login(email: string, password: string, ip: string): Promise<Outcome>;
  /** With the account's password again, unless `password` is null (a stolen session's call). */
  registrationOptions(token: Token, password?: string | null): Promise<Outcome>;
  register(token: Token, response: RegistrationResponseJSON, name: string): Promise<Outcome>;
  list(token: Token): Promise<Outcome>;
  remove(token: Token, idPasskey: number, password?: string | null): Promise<Outcome>;
  authenticationOptions(ip: string, challenge?: string): Promise<Outcome>;
  authenticate(ip: string, response: AuthenticationResponseJSON, challenge?: string): Promise<Outcome>;
  profile(token: Token): Promise<Outcome>;
}

export function rest(): PasskeyTransport {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: Token; payload?: object; ip?: string } = {}) =>
    injectOutcome(app, { method, url: `/api${url}`, ...options });
  return {
    name: 'REST',
    login: (email, password, ip) => call('POST', '/auth/login', { payload: { email, password }, ip }),
    registrationOptions: (token, password = TEST_PASSWORD) => call('POST', '/auth/passkeys/registration-options', { token, ...(password === null ? {} : { payload: { password } }) }),
    register: (token, response, name) => call('POST', '/auth/passkeys/registration', { token, payload: { response, name } }),
    list: (token) => call('GET', '/auth/passkeys', { token }),
    remove: (token, idPasskey, password = TEST_PASSWORD) => call('DELETE', `/auth/passkeys/${idPasskey}`, { token, ...(password === null ? {} : { payload: { password } }) }),
    authenticationOptions: (ip, challenge) =>
      call('POST', '/auth/passkeys/authentication-options', { ip, ...(challenge ? { payload: { challenge } } : {}) }),
    authenticate: (ip, response, challenge) => call('POST', '/auth/passkeys/authentication', { ip, payload: { response, ...(challenge ? { challenge } : {}) } }),
    profile: (token) => call('GET', '/auth/profile', { token }),
  };
}

export function trpc(): PasskeyTransport {
  const as = (token: Token, ip = '127.0.0.1') => callerFor(app, token, ip);
  const run = procedureOutcome;
  return {
    name: 'tRPC',
    login: (email, password, ip) => run(() => as(undefined, ip).auth.login({ email, password })),
    registrationOptions: (token, password = TEST_PASSWORD) => run(() => as(token).auth.passkeyRegistrationOptions(password === null ? undefined : { password })),
    register: (token, response, name) => run(() => as(token).auth.passkeyRegistration({ response: { ...response }, name })),
    list: (token) => run(() => as(token).auth.passkeys()),
    remove: (token, idPasskey, password = TEST_PASSWORD) => run(() => as(token).auth.deletePasskey({ idPasskey, ...(password === null ? {} : { password }) })),
    authenticationOptions: (ip, challenge) => run(() => as(undefined, ip).auth.passkeyAuthenticationOptions(challenge ? { challenge } : undefined)),
    authenticate: (ip, response, challenge) => run(() => as(undefined, ip).auth.passkeyAuthentication({ response: { ...response }, ...(challenge ? { challenge } : {}) })),
    profile: (token) => run(() => as(token).auth.profile()),
  };
}

export const transports = [
  ['REST', rest],
  ['tRPC', trpc],
] as const;

// Every test signs in from its own address, so one test's failures never reach another's limits.
export let addresses = 0;
export const newAddress = () => `10.23.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** The practice's database, for what a test arranges or looks at in SQL (db/raw-sql.ts). */
export const sql = () => app.deps.db;

export interface AuditRow {
  action: string;
  outcome: string;
  detail: string | null;
  actor_user_id: number | null;
  ip: string | null;
}
export const auditSince = (id: number): Promise<AuditRow[]> =>
  rawRows<AuditRow>(sql(), 'select action, outcome, detail, actor_user_id, ip from audit_events where id > ? order by id', [id]);
export const lastAuditId = async (): Promise<number> => (await rawGet<{ id: number }>(sql(), 'select coalesce(max(id), 0) as id from audit_events'))!.id;
export const sessionsOf = async (idUser: number): Promise<number> =>
  (await rawGet<{ n: number }>(sql(), 'select count(*) as n from sessions where user_id = ?', [idUser]))!.n;

/** The user's account and an authenticator holding one registered passkey. */
export async function withPasskey(t: PasskeyTransport, account: Session, name = 'Portátil') {
  const device = new SoftwareAuthenticator(ORIGIN);
  const options = await t.registrationOptions(account.access_token);
  expect(options.status).toBe(200);
  const registered = await t.register(account.access_token, device.create(options.body as PublicKeyCredentialCreationOptionsJSON), name);
  expect(registered.status, JSON.stringify(registered.body)).toBe(t.name === 'REST' ? 201 : 200);
  return { device, passkey: registered.body as { idPasskey: number; name: string; createdAt: string } };
}

/** A passwordless sign-in: options with no challenge, then the assertion. */
export async function signInAlone(t: PasskeyTransport, device: SoftwareAuthenticator, ip: string, misbehave?: Misbehaviour) {
  const options = await t.authenticationOptions(ip);
  expect(options.status).toBe(200);
  return t.authenticate(ip, device.get(options.body as PublicKeyCredentialRequestOptionsJSON, misbehave));
}
