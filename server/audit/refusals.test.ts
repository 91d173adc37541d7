// The audit rule: every refused call — 401, 403, 404 on a patient's record, 429 — leaves
// exactly one audit event, whatever refused it (the token check, the role, the access rule, a
// foreign item id, the sign-in flood cap).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { bearer, buildTestApp, linkWithConsent, register } from '../test/helpers';
import { rawGet, rawRows } from '../db/raw-sql';

let app: FastifyInstance;
let medic: Session;
let patient: Session;
let stranger: Session;
let idPatient: number;
let foreignAllergy: number;

beforeAll(async () => {
  app = await buildTestApp();
  medic = await register(app, { type: 'medic' });
  patient = await register(app, { type: 'patient' });
  stranger = await register(app, { type: 'medic' });
  await linkWithConsent(app, medic, patient);
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  // An allergy of another patient, linked to the same medic.
  const other = await register(app, { type: 'patient' });
  await linkWithConsent(app, medic, other);
  const otherId = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [other.user.idUser]))!.id;
  const added = await app.inject({ method: 'POST', url: `/api/patients/${otherId}/allergies`, payload: { allergyName: 'Látex' }, headers: bearer(medic.access_token) });
  foreignAllergy = added.json().idPatientAllergy;
});
afterAll(() => app.close());

const lastEvents = async (since: number) =>
  (await rawRows(app.deps.db, 'select actor_user_id as actor, action, outcome, patient_id as patientId, detail from audit_events where id > ? order by id', [since])) as {
    actor: number | null;
    action: string;
    outcome: string;
    patientId: number | null;
    detail: string | null;
  }[];
const lastId = async () => (await rawGet<{ id: number }>(app.deps.db, 'select coalesce(max(id), 0) as id from audit_events'))!.id;

async function eventsOf(request: InjectOptions, expectedStatus: number) {
  const before = await lastId();
  const response = await app.inject(request);
  expect(response.statusCode).toBe(expectedStatus);
  return lastEvents(before);
}

describe('refused calls and the audit trail', () => {
  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer not-a-token'],
  ])('records one event for a 401 with %s', async (_label, authorization) => {
    const events = await eventsOf({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: authorization ? { authorization } : {} }, 401);
    expect(events).toEqual([{ actor: null, action: 'medics.patientDetail', outcome: 'denied', patientId: idPatient, detail: 'UNAUTHENTICATED' }]);
  });

  it('records one event for a 403: a patient calling a medic route', async () => {
    const events = await eventsOf({ method: 'GET', url: '/api/medics/my-patients', headers: bearer(patient.access_token) }, 403);
    expect(events).toEqual([{ actor: patient.user.idUser, action: 'medics.myPatients', outcome: 'denied', patientId: null, detail: 'FORBIDDEN' }]);
  });

  it("records one event for a 404 on a patient the caller may not see", async () => {
    const events = await eventsOf({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(stranger.access_token) }, 404);
    expect(events).toEqual([expect.objectContaining({ actor: stranger.user.idUser, outcome: 'denied', patientId: idPatient })]);
  });

  it("records one event for a 404 on another patient's item id", async () => {
    const events = await eventsOf(
      { method: 'PATCH', url: `/api/patients/${idPatient}/allergies/${foreignAllergy}`, payload: { reaction: 'x' }, headers: bearer(medic.access_token) },
      404,
    );
    expect(events).toEqual([{ actor: medic.user.idUser, action: 'patients.allergies.update', outcome: 'denied', patientId: idPatient, detail: 'NOT_FOUND' }]);
    // And the other patient's allergy is untouched.
    expect(await rawGet(app.deps.db, 'select reaction from allergies where id = ?', [foreignAllergy])).toEqual({ reaction: null });
  });

  it('records one event for each sign-in refused by the per-minute flood cap', async () => {
    const capped = await buildTestApp({ authFlood: { max: 3, timeWindowMs: 60_000 } });
    try {
      const login = { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'whatever' }, remoteAddress: '10.77.0.1' };
      for (let i = 0; i < 3; i++) await capped.inject(login);
      const events = () => rawRows(capped.deps.db, "select detail from audit_events where detail = 'RATE_LIMITED'");
      expect(await events()).toEqual([]);
      for (let i = 0; i < 2; i++) expect((await capped.inject(login)).statusCode).toBe(429);
      expect(await events()).toEqual([{ detail: 'RATE_LIMITED' }, { detail: 'RATE_LIMITED' }]);
    } finally {
      await capped.close();
    }
  });

  it('records one event, not two, when the access rule already said why', async () => {
    const events = await eventsOf({ method: 'POST', url: `/api/patients/${idPatient}/allergies`, payload: { allergyName: 'Polen' }, headers: bearer(stranger.access_token) }, 404);
    expect(events).toHaveLength(1);
  });
});
