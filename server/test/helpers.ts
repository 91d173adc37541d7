// Test factories: each test file builds its own app on a fresh database of the engine under test
// (engine-under-test.ts: a temporary SQLite file, or a PostgreSQL database) migrated from the real
// drizzle/ folders, and talks to it through app.inject (REST) or the tRPC caller. What a test arranges or reads in SQL goes through the async
// seam (db/raw-sql.ts), so the helpers below that touch the database resolve once it has answered.
import { openTestDatabase } from './engine-under-test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isPendingRegistration, type PendingRegistration, type Session } from '../../shared/auth';
import { buildApp, type BuildOptions } from '../app';
import type { Config } from '../config';
import { rawGet, rawRun } from '../db/raw-sql';
import { createContext } from '../trpc/context';
import { createCaller } from '../trpc/router';

const unusedDataDir = join(tmpdir(), 'expediente-unused');

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: unusedDataDir,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  sessionHours: 12,
  maxUploadBytes: 50 * 1024 * 1024,
  authRequestsPerMinute: 60,
  masterKey: undefined,
  emergencyAccessHours: 4,
  trustProxy: false,
  tls: undefined,
  ...overrides,
});

/** A fresh app on a fresh database (or the `db` given), with its own temporary DATA_DIR for documents. */
export async function buildTestApp(options: Partial<BuildOptions> = {}): Promise<FastifyInstance> {
  const ownDataDir = !options.config || options.config.dataDir === unusedDataDir;
  const dataDir = ownDataDir ? mkdtempSync(join(tmpdir(), 'expediente-test-')) : options.config!.dataDir;
  const app = await buildApp({
    // Opened only when no `db` is given: each is a temporary file and two connections.
    db: options.db ?? (await openTestDatabase()),
    clientDir: null,
    // Tests register many accounts from one address; the flood cap has its own test.
    authFlood: { max: 100_000, timeWindowMs: 60_000 },
    ...options,
    config: { ...(options.config ?? testConfig()), dataDir },
  });
  if (ownDataDir) app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** Not on the common-password list that registration refuses. */
export const TEST_PASSWORD = 'clave-segura-9';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.test`;

export interface NewAccount {
  name?: string;
  lname?: string;
  email?: string;
  password?: string;
  type?: 'patient' | 'medic';
  doctorEmail?: string;
}

export function registerRequest(app: FastifyInstance, account: NewAccount = {}, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: {
      name: 'Ana',
      lname: 'Ruiz',
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      type: 'patient',
      ...account,
    },
  });
}

/**
 * A signed-in account. A medic registering after the install's administrator waits for approval;
 * most tests are about something else, so the factory approves them (the approval itself has its own tests).
 */
export async function register(app: FastifyInstance, account: NewAccount = {}): Promise<Session> {
  const email = account.email ?? uniqueEmail();
  const response = await registerRequest(app, { ...account, email });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<Session | PendingRegistration>();
  if (!isPendingRegistration(body)) return body;
  await approveByEmail(app, email);
  const login = await loginRequest(app, email, account.password ?? TEST_PASSWORD);
  if (login.statusCode !== 200) throw new Error(`login after approval failed: ${login.statusCode} ${login.body}`);
  return login.json<Session>();
}

/** What an administrator's approval does, for tests whose subject is not the approval. */
export async function approveByEmail(app: FastifyInstance, email: string): Promise<void> {
  await rawRun(app.deps.db, "update users set status = 'active' where lower(email) = lower(?)", [email]);
}

export function loginRequest(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The tRPC caller as the client would reach it, with or without a token. Its context (the session
 * behind the token) is looked up now, as before; every call made through the caller waits for it.
 */
export function callerFor(app: FastifyInstance, token?: string, ip = '127.0.0.1') {
  const context = createContext(app.deps, { authorization: token ? `Bearer ${token}` : undefined, ip, userAgent: 'vitest' });
  // A failed lookup is each call's failure; a caller never called leaves no unhandled rejection.
  context.catch(() => undefined);
  return createCaller(() => context);
}

export const rowCount = async (app: FastifyInstance, table: string): Promise<number> =>
  (await rawGet<{ n: number }>(app.deps.db, `select count(*) as n from ${table}`))!.n;

export const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ statusCode: number; error: string; code: string; message: string; issues?: { path: string; message: string }[] }>();

/**
 * Links a patient to a medic the way the product does: the medic asks (202), the patient accepts.
 * Resolves with the accepted answer's status, so tests can assert the link was made.
 */
export async function linkWithConsent(app: FastifyInstance, medic: Session, patient: Session): Promise<number> {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/medics/link-patient',
    payload: { patientEmail: patient.user.email },
    headers: bearer(medic.access_token),
  });
  if (asked.statusCode !== 202) return asked.statusCode;
  const { idRequest } = asked.json<{ request: { idRequest: number } }>().request;
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/patients/me/link-requests/${idRequest}/accept`,
    headers: bearer(patient.access_token),
  });
  return accepted.statusCode;
}

/** The patient id behind a patient's account. */
export const patientIdOf = async (app: FastifyInstance, patient: Session): Promise<number> =>
  (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;

/** A medic and a patient linked with the patient's consent, and the patient's id. */
export async function medicAndLinkedPatient(app: FastifyInstance): Promise<{ medic: Session; patient: Session; idPatient: number }> {
  const medic = await register(app, { type: 'medic' });
  const patient = await register(app, { type: 'patient' });
  await linkWithConsent(app, medic, patient);
  return { medic, patient, idPatient: await patientIdOf(app, patient) };
}
