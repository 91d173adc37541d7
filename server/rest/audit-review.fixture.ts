// The audit-review tests' practice and their helpers: the trail read and verified through REST or
// tRPC, events of a test's own action family inserted, and moments of the practice's clock.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AuditEventsPage, AuditVerification } from '../../shared/admin';
import type { Session } from '../../shared/auth';
import { insertAuditEventsIn, type TestAuditEvent } from '../audit/audit-events.fixture';
import { rawGet } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, errorOf, register, uniqueEmail } from '../test/helpers';

// The practice a test file's audit-review tests share, with its administrator, a medic and a patient:
// built before them by useAuditReviewPractice, closed after.
export let app: FastifyInstance;
export let admin: Session;
export let medic: Session;
export let patient: Session;
export let idPatient: number;

export function useAuditReviewPractice(): void {
  beforeAll(async () => {
    app = await buildTestApp();
    // The first medic is the practice's administrator.
    admin = await register(app, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
    medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Mario', lname: 'Medina' });
    patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), name: 'Lucía', lname: 'Hernández' });
    idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  });
  afterAll(() => app.close());
}

export type Query = Record<string, string | number>;

export interface Answer<T> {
  status: number;
  code: string | null;
  issues: string[];
  body: T | null;
}

export const failed = (error: unknown): Answer<never> => {
  const classified = classifyError(error);
  return { status: classified.status, code: classified.code, issues: (classified.issues ?? []).map((issue) => issue.path), body: null };
};

export interface Transport {
  read(session: Session | undefined, query: Query): Promise<Answer<AuditEventsPage>>;
  verify(session: Session | undefined, on?: FastifyInstance): Promise<Answer<AuditVerification>>;
}

export async function restGet<T>(on: FastifyInstance, url: string, session: Session | undefined): Promise<Answer<T>> {
  const response = await on.inject({ method: 'GET', url, headers: session ? bearer(session.access_token) : {} });
  if (response.statusCode !== 200) {
    const error = errorOf(response);
    return { status: response.statusCode, code: error.code, issues: (error.issues ?? []).map((issue) => issue.path), body: null };
  }
  return { status: 200, code: null, issues: [], body: response.json<T>() };
}

export const viaRest: Transport = {
  read: (session, query) =>
    restGet(app, `/api/admin/audit?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, session),
  verify: (session, on = app) => restGet(on, '/api/admin/audit/verify', session),
};

export const viaTrpc: Transport = {
  read: (session, query) =>
    callerFor(app, session?.access_token)
      .admin.auditEvents(query)
      .then((body) => ({ status: 200, code: null, issues: [], body }), failed),
  verify: (session, on = app) =>
    callerFor(on, session?.access_token)
      .admin.verifyAudit()
      .then((body) => ({ status: 200, code: null, issues: [], body }), failed),
};

export let families = 0;
/** An action family of the test's own, so that a filter on it sees only the test's events. */
export const newFamily = () => `test${++families}.`;

/** Appends the events to the trail, chained; their ids. Called between requests, when no transaction holds SQLite's writer. */
export const insert = async (events: TestAuditEvent[]): Promise<number[]> => await insertAuditEventsIn(app.deps.db, events);
export const idsOf = (answer: Answer<AuditEventsPage>) => answer.body!.events.map((event) => event.id);

/** A moment of the practice's clock, as the trail stores it (ISO 8601 UTC). */
export const localAt = (year: number, month: number, day: number, hours = 12, minutes = 0, seconds = 0, ms = 0) =>
  new Date(year, month - 1, day, hours, minutes, seconds, ms).toISOString();
