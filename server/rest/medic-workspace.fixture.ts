// For the medic workspace tests (medic-*.test.ts): each file's own app on a fresh database that
// counts its SQL statements, and the requests and accounts they share.
import { openTestDatabase } from '../test/engine-under-test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, linkWithConsent, register, uniqueEmail } from '../test/helpers';

/** The app of the test file that called useWorkspaceApp (a live binding: set once its beforeAll ran). */
export let app: FastifyInstance;
/** SQL statements the app has run since a test last set `count` to 0. */
export const sqlStatements = { count: 0 };

/** Builds the file's app, with its administrator, before its tests and closes it after them. */
export function useWorkspaceApp(): void {
  beforeAll(async () => {
    app = await buildTestApp({ db: await openTestDatabase({ logQuery: () => void (sqlStatements.count += 1) }) });
    // The practice's administrator, the first medic to register: every medic a test registers is then
    // an ordinary one, approved and signed in by the factory, whichever test of the file runs first.
    await register(app, { type: 'medic', email: uniqueEmail('admin') });
  });
  afterAll(() => app.close());
}

export const as = (session: Session | undefined) => (session ? bearer(session.access_token) : {});
export const get = (url: string, session?: Session) => app.inject({ method: 'GET', url, headers: as(session) });
export const post = (url: string, payload: object, session?: Session) => app.inject({ method: 'POST', url, payload, headers: as(session) });
export const del = (url: string, session?: Session) => app.inject({ method: 'DELETE', url, headers: as(session) });

export const newMedic = () => register(app, { type: 'medic', email: uniqueEmail('medic') });
export const newPatient = (account: { name?: string; lname?: string; email?: string } = {}) =>
  register(app, { type: 'patient', email: uniqueEmail('patient'), ...account });
export const patientIdOf = async (session: Session): Promise<number> =>
  (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [session.user.idUser]))!.id;
export const askLink = (medic: Session, patient: Session) => post('/api/medics/link-patient', { patientEmail: patient.user.email }, medic);
export const link = (medic: Session, patient: Session) => linkWithConsent(app, medic, patient);
export const addAppointment = (patientId: number, date: string) =>
  rawRun(app.deps.db, "insert into clinical_histories (patient_id, date, start, motive, created_at) values (?, ?, substr(?, 12, 5), 'Control', '')", [
    patientId,
    date,
    date,
  ]);
