// Security review finding 3: idle sign-out existed only in the browser, so a token
// unused for longer than IDLE_MINUTES still read records. The server now ends idle sessions itself,
// on every route, and records a session's last use at most once a minute.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { bearer, buildTestApp, callerFor, errorOf, linkWithConsent, register, testConfig } from '../test/helpers';
import { rawGet } from '../db/raw-sql';

let app: FastifyInstance;
let clock: Date;
const IDLE_MINUTES = 2;
const minutes = (n: number) => n * 60_000;
const advance = (ms: number) => void (clock = new Date(clock.getTime() + ms));

beforeEach(async () => {
  clock = new Date();
  app = await buildTestApp({ config: testConfig({ idleMinutes: IDLE_MINUTES }), now: () => clock });
});
afterEach(() => app.close());

const get = (url: string, session: Session) => app.inject({ method: 'GET', url, headers: bearer(session.access_token) });
const lastUsedAt = async (session: Session) =>
  (await rawGet<{ at: string }>(app.deps.db, 'select last_used_at as at from sessions where user_id = ?', [session.user.idUser]))!.at;

describe('a session left idle', () => {
  it('answers 401 UNAUTHENTICATED on REST once it has been idle for longer than IDLE_MINUTES', async () => {
    const patient = await register(app, { type: 'patient' });
    expect((await get('/api/patients/me', patient)).statusCode).toBe(200);
    advance(minutes(IDLE_MINUTES) + 15_000);
    const idle = await get('/api/patients/me', patient);
    expect(idle.statusCode).toBe(401);
    expect(errorOf(idle).code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 on tRPC and on document downloads as well', async () => {
    const medic = await register(app, { type: 'medic' });
    const patient = await register(app, { type: 'patient' });
    expect(await linkWithConsent(app, medic, patient)).toBe(200);
    const idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
    expect((await callerFor(app, medic.access_token).medics.patientDetail({ idPatient })).patient.idPatient).toBe(idPatient);
    advance(minutes(IDLE_MINUTES) + 1_000);
    await expect(callerFor(app, medic.access_token).medics.patientDetail({ idPatient })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const download = await get('/api/medics/files/any-code-at-all', medic);
    expect(download.statusCode).toBe(401);
  });

  it('stays alive while it is used, however long the working day', async () => {
    const patient = await register(app, { type: 'patient' });
    for (let i = 0; i < 10; i++) {
      advance(minutes(IDLE_MINUTES) - 10_000);
      expect((await get('/api/patients/me', patient)).statusCode).toBe(200);
    }
  });

  it('records its last use at most once a minute, not on every request', async () => {
    const patient = await register(app, { type: 'patient' });
    const signedInAt = await lastUsedAt(patient);
    advance(30_000);
    await get('/api/patients/me', patient);
    expect(await lastUsedAt(patient)).toBe(signedInAt);
    advance(31_000);
    await get('/api/patients/me', patient);
    expect(await lastUsedAt(patient)).toBe(clock.toISOString());
  });
});
