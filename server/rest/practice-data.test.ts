// The practice's own data for printed documents (API.md "The clinical day": Practice), through REST
// and tRPC: any signed-in user reads it, its name falling back to PRACTICE_NAME and then to
// "Expediente"; only the administrator changes it, audited; what a prescription printed stays.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localDay } from '../../shared/dates';
import { rawRows } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, register, testConfig, uniqueEmail } from '../test/helpers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An install with its administrator (the first medic), another medic and a patient. */
async function practiceWith(practiceName?: string) {
  const app = await buildTestApp({ config: testConfig({ practiceName }) });
  apps.push(app);
  const admin = await register(app, { type: 'medic', email: uniqueEmail('admin') });
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient') });
  return { app, admin, medic, patient };
}

interface Outcome {
  status: number;
  code: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

const outcomeOf = async (work: () => Promise<unknown>): Promise<Outcome> => {
  try {
    return { status: 200, code: null, body: await work() };
  } catch (error) {
    const classified = classifyError(error);
    return { status: classified.status, code: classified.code, body: null };
  }
};

const transports = {
  REST: {
    read: async (app: FastifyInstance, session?: Session): Promise<Outcome> => {
      const response = await app.inject({ method: 'GET', url: '/api/practice', headers: session ? bearer(session.access_token) : {} });
      return { status: response.statusCode, code: response.statusCode >= 400 ? response.json().code : null, body: response.json() };
    },
    update: async (app: FastifyInstance, session: Session, changes: object): Promise<Outcome> => {
      const response = await app.inject({ method: 'PATCH', url: '/api/admin/practice', headers: bearer(session.access_token), payload: changes });
      return { status: response.statusCode, code: response.statusCode >= 400 ? response.json().code : null, body: response.json() };
    },
  },
  tRPC: {
    read: (app: FastifyInstance, session?: Session) => outcomeOf(() => callerFor(app, session?.access_token).practice.details()),
    update: (app: FastifyInstance, session: Session, changes: object) => outcomeOf(() => callerFor(app, session.access_token).admin.updatePractice(changes)),
  },
};

describe.each(Object.entries(transports))('the practice through %s', (_name, t) => {
  it('answers any signed-in user, named PRACTICE_NAME until the administrator saves a name', async () => {
    const { app, medic, patient } = await practiceWith('Consultorio San Rafael');
    const expected = { name: 'Consultorio San Rafael', address: null, city: null, phone: null, requireTwoFactorForMedics: false };
    expect((await t.read(app, medic)).body).toEqual(expected);
    expect((await t.read(app, patient)).body).toEqual(expected);
    expect((await t.read(app)).status).toBe(401);
  });

  it('is named "Expediente" when PRACTICE_NAME is unset', async () => {
    const { app, patient } = await practiceWith(undefined);
    expect((await t.read(app, patient)).body).toEqual({ name: 'Expediente', address: null, city: null, phone: null, requireTwoFactorForMedics: false });
  });

  it('is changed by the administrator alone (200; 403 to another medic and to a patient), field by field; a blank field is cleared', async () => {
    const { app, admin, medic, patient } = await practiceWith('Consultorio San Rafael');
    const full = { name: 'Clínica Norte', address: 'Av. Juárez 100', city: 'Guadalajara', phone: '33 1234 5678', requireTwoFactorForMedics: false };
    expect(await t.update(app, admin, full)).toMatchObject({ status: 200, body: full });
    expect((await t.update(app, admin, { phone: '33 0000 0000' })).body).toEqual({ ...full, phone: '33 0000 0000' });
    expect((await t.read(app, patient)).body).toEqual({ ...full, phone: '33 0000 0000' });
    expect((await t.update(app, admin, { name: '', city: null })).body).toEqual({
      name: 'Consultorio San Rafael',
      address: 'Av. Juárez 100',
      city: null,
      phone: '33 0000 0000',
      requireTwoFactorForMedics: false,
    });
    for (const [who, session] of [['a medic', medic], ['a patient', patient]] as const) {
      const refused = await t.update(app, session, { name: 'Otra' });
      expect([refused.status, refused.code], who).toEqual([403, 'FORBIDDEN']);
    }
    expect((await t.read(app, medic)).body.name).toBe('Consultorio San Rafael');
    expect((await t.update(app, admin, { address: 'a'.repeat(301) })).status).toBe(400);
  });
});

describe('the practice in the rest of the app', () => {
  it('names the practice in practice.info once saved, and records the change in the audit trail', async () => {
    const { app, admin } = await practiceWith(undefined);
    expect((await callerFor(app, admin.access_token).practice.info()).name).toBeNull();
    await app.inject({ method: 'PATCH', url: '/api/admin/practice', headers: bearer(admin.access_token), payload: { name: 'Clínica Norte', city: 'León' } });
    expect((await callerFor(app, admin.access_token).practice.info()).name).toBe('Clínica Norte');
    const events = await rawRows(app.deps.db, "select outcome, detail from audit_events where action = 'admin.updatePractice'");
    expect(events).toEqual([{ outcome: 'success', detail: 'name,city' }]);
  });

  it('prints on a prescription as it was when issued', async () => {
    const { app, admin } = await practiceWith(undefined);
    const inject = (method: 'POST' | 'PATCH' | 'GET', url: string, session: Session, payload?: object) =>
      app.inject({ method, url: `/api${url}`, headers: bearer(session.access_token), ...(payload ? { payload } : {}) });
    await inject('PATCH', '/admin/practice', admin, { name: 'Clínica Norte', address: 'Av. Juárez 100' });
    await inject('PATCH', '/medics/me', admin, { licenseNumber: '1234567' });
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: admin.user.email });
    const { patient: own } = (await inject('GET', '/patients/me', patient)).json<{ patient: { idPatient: number } }>();
    const visit = await inject('POST', '/clinical-history', admin, { idPatient: own.idPatient, date: `${localDay(new Date())}T00:00`, motive: 'Control' });
    const issued = await inject('POST', `/clinical-history/${visit.json<{ idHistory: number }>().idHistory}/prescriptions`, admin, { items: [{ drug: 'Paracetamol' }] });
    expect(issued.statusCode, issued.body).toBe(201);
    await inject('PATCH', '/admin/practice', admin, { address: 'Calle Nueva 1' });
    const read = (await inject('GET', `/prescriptions/${issued.json<{ idPrescription: number }>().idPrescription}`, patient)).json();
    expect(read.practice).toEqual({ name: 'Clínica Norte', address: 'Av. Juárez 100', city: null, phone: null });
  });
});
