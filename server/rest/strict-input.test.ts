// Strict input through the REST adapter: ids only in plain decimal, no control or
// bidirectional-override characters in text, an appointment ends after it starts, and moments in
// full ISO 8601 are stored in the practice's local time. A refused call stores nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localDay, localMoment } from '../../shared/dates';
import { rawGet } from '../db/raw-sql';
import { bearer, buildTestApp, callerFor, errorOf, register, registerRequest, rowCount, uniqueEmail } from '../test/helpers';

// A fixed "now" in the practice's time zone: appointments can be edited on their own day only.
const now = new Date(2026, 5, 15, 10, 30);
const today = localDay(now);

let app: FastifyInstance;
let admin: Session;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
  // The first medic of an install is its administrator.
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin') });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

/** A 400 VALIDATION_FAILED in the documented body whose issues name this field with this key. */
function expectRefused(response: Awaited<ReturnType<typeof call>>, path: string, key: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response);
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
  expect(body.issues).toContainEqual({ path, message: key });
}

const HOSTILE_IDS = ['0x1', '1e0', '1.0', '%201', '01', '+1', '-1', '0', 'true', '%5B1%5D', '9007199254740993', 'Infinity'];

describe('ids in paths', () => {
  it('answer 400 validation.idInvalid for anything but plain decimal, on every kind of path', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    // The same calls with a real id work, so a 400 below is the id and nothing else.
    expect((await call('GET', `/api/patients/${idPatient}`, medic)).statusCode).toBe(200);
    for (const id of HOSTILE_IDS) {
      expectRefused(await call('GET', `/api/patients/${id}`, medic), 'idPatient', 'validation.idInvalid');
      expectRefused(await call('GET', `/api/medics/patients/${id}`, medic), 'idPatient', 'validation.idInvalid');
      expectRefused(await call('PATCH', `/api/patients/${idPatient}/allergies/${id}`, medic, { severity: 'Mild' }), 'itemId', 'validation.idInvalid');
      expectRefused(await call('DELETE', `/api/medics/patients/${idPatient}/files/${id}`, medic), 'fileId', 'validation.idInvalid');
      expectRefused(await call('DELETE', `/api/clinical-history/${id}`, medic), 'idHistory', 'validation.idInvalid');
      expectRefused(await call('DELETE', `/api/medics/link-requests/${id}`, medic), 'idRequest', 'validation.idInvalid');
      expectRefused(await call('POST', `/api/patients/me/link-requests/${id}/accept`, patient), 'idRequest', 'validation.idInvalid');
      expectRefused(await call('DELETE', `/api/patients/me/unlink-doctor/${id}`, patient), 'idMedic', 'validation.idInvalid');
      expectRefused(await call('POST', `/api/admin/medics/${id}/approve`, admin), 'idMedic', 'validation.idInvalid');
      expectRefused(await call('POST', `/api/admin/users/${id}/reset-password`, admin), 'idUser', 'validation.idInvalid');
    }
  });

  it('answer 400 validation.pageInvalid for a page that is not a plain positive integer', async () => {
    const { patient } = await linkedPair();
    expect((await call('GET', '/api/patients/me/access-log?page=2', patient)).statusCode).toBe(200);
    for (const page of ['0', '1e0', '0x1', '1.0', 'true', '100001']) {
      expectRefused(await call('GET', `/api/patients/me/access-log?page=${page}`, patient), 'page', 'validation.pageInvalid');
    }
  });
});

describe('ids in bodies', () => {
  it.each([[true], [[1]], ['0x1'], ['1e0'], [1.5], [0], [null], [{ id: 1 }]])('refuse idPatient %j with 400 and create nothing', async (id) => {
    const { medic } = await linkedPair();
    const before = await rowCount(app, 'clinical_histories');
    const response = await call('POST', '/api/clinical-history', medic, { idPatient: id, date: `${today}T09:00`, motive: 'Control' });
    expectRefused(response, 'idPatient', 'validation.idInvalid');
    expect(await rowCount(app, 'clinical_histories')).toBe(before);
  });

  it('refuse the {idUser} creation form with an id that is not a plain positive integer', async () => {
    const { medic, patient } = await linkedPair();
    for (const idUser of [true, [patient.user.idUser], `0x${patient.user.idUser.toString(16)}`, `${patient.user.idUser}.0`]) {
      const response = await call('POST', '/api/patients', medic, { idUser, email: patient.user.email, phone: '555 0101' });
      expectRefused(response, 'idUser', 'validation.idInvalid');
    }
  });

  it('refuse a lab idContent given as true', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('POST', `/api/patients/${idPatient}/labs`, medic, { testName: 'Glucosa', date: '2026-05-20', idContent: true });
    expectRefused(response, 'idContent', 'validation.idInvalid');
  });

  it('are refused over tRPC as well', async () => {
    const { medic } = await linkedPair();
    const caller = callerFor(app, medic.access_token);
    for (const idPatient of [true, [1], '0x1', '1e0']) {
      await expect(caller.patients.byId({ idPatient: idPatient as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('control and bidirectional characters', () => {
  const hostileNames = ['Ana\u0000', 'Ana\u001B[31m', '\u202Eanaitsirc', 'An\u0085a', 'Ana\u2066Ruiz\u2069', 'Ana\nRuiz'];

  it('refuse a registration whose name holds one, and create no account', async () => {
    for (const name of hostileNames) {
      const users = await rowCount(app, 'users');
      const response = await registerRequest(app, { name, email: uniqueEmail('hostile') });
      expectRefused(response, 'name', 'validation.controlCharacters');
      expect(await rowCount(app, 'users')).toBe(users);
    }
    expectRefused(await registerRequest(app, { lname: 'Ruiz\u202E' }), 'lname', 'validation.controlCharacters');
    expectRefused(await registerRequest(app, { email: `ana\u0000${uniqueEmail()}` }), 'email', 'validation.controlCharacters');
  });

  it('refuse one in a medic profile and keep the stored name', async () => {
    const medic = await register(app, { type: 'medic', name: 'Elena', email: uniqueEmail('medic') });
    for (const name of hostileNames) expectRefused(await call('PATCH', '/api/medics/me', medic, { name }), 'name', 'validation.controlCharacters');
    expectRefused(await call('PATCH', '/api/medics/me', medic, { phone: '555\u00000101' }), 'phone', 'validation.controlCharacters');
    expect((await call('GET', '/api/medics/me', medic)).json()).toMatchObject({ name: 'Elena', phone: null });
  });

  it('refuse one in a record item or patient field and store nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const allergies = await rowCount(app, 'allergies');
    expectRefused(await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'Penicilina\u001B' }), 'allergyName', 'validation.controlCharacters');
    expectRefused(await call('POST', `/api/patients/${idPatient}/contacts`, medic, { name: 'Rosa\u202E' }), 'name', 'validation.controlCharacters');
    expectRefused(await call('PATCH', `/api/patients/${idPatient}`, medic, { phone: '555\u0007' }), 'phone', 'validation.controlCharacters');
    expectRefused(
      await call('PATCH', `/api/patients/${idPatient}`, medic, { insurance: { name: 'Acme\u0000', type: null, provider: null, policyNumber: null } }),
      'insurance.name',
      'validation.controlCharacters',
    );
    expect(await rowCount(app, 'allergies')).toBe(allergies);
    expect((await call('GET', `/api/patients/${idPatient}`, medic)).json()).toMatchObject({ phone: null, extraPhone: expect.not.stringContaining('\u0007') });
  });

  it('allow tab and newline in long notes, but not in single-line fields', async () => {
    const { medic, idPatient } = await linkedPair();
    const notes = 'Inhalador:\t2 veces al día\r\nRevisar en 3 meses';
    const added = await call('POST', `/api/patients/${idPatient}/pathological-records`, medic, { condition: 'Asma', notes });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ notes: 'Inhalador:\t2 veces al día\nRevisar en 3 meses' });
    expectRefused(
      await call('POST', `/api/patients/${idPatient}/pathological-records`, medic, { condition: 'Asma', notes: 'bien\u0000' }),
      'notes',
      'validation.controlCharacters',
    );
    expectRefused(await call('POST', `/api/patients/${idPatient}/pathological-records`, medic, { condition: 'Asma\tcrónica' }), 'condition', 'validation.controlCharacters');
    const appointment = await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T09:00`, motive: 'Control', notes: 'Uno\nDos' });
    expect(appointment.statusCode, appointment.body).toBe(201);
    expectRefused(
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T09:00`, motive: 'Control\nurgente' }),
      'motive',
      'validation.controlCharacters',
    );
    expectRefused(
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T09:00`, motive: 'Control', medications: ['Ibuprofeno\u202E'] }),
      'medications.0',
      'validation.controlCharacters',
    );
  });
});

describe('appointment end', () => {
  it('must be after the start on creation', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await rowCount(app, 'clinical_histories');
    for (const end of ['09:59', '10:00', '00:00']) {
      const response = await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T10:00`, motive: 'Control', end });
      expectRefused(response, 'end', 'validation.endBeforeStart');
    }
    expect(await rowCount(app, 'clinical_histories')).toBe(before);
    const created = await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T10:00`, motive: 'Control', end: '10:30' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ start: '10:00', end: '10:30' });
  });

  it('must be after the start when both change together', async () => {
    const { medic, idPatient } = await linkedPair();
    const { idHistory } = (await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T10:00`, motive: 'Control' })).json<{ idHistory: number }>();
    expectRefused(await call('PATCH', `/api/clinical-history/${idHistory}`, medic, { date: `${today}T11:00`, end: '10:45' }), 'end', 'validation.endBeforeStart');
  });

  it('is compared with the stored start when only one of them is sent, and nothing changes', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T10:00`, motive: 'Control', end: '10:30' });
    const { idHistory } = created.json<{ idHistory: number }>();
    expectRefused(await call('PATCH', `/api/clinical-history/${idHistory}`, medic, { end: '09:30' }), 'end', 'validation.endBeforeStart');
    // Moving the start past the stored end is the same mistake.
    expectRefused(await call('PATCH', `/api/clinical-history/${idHistory}`, medic, { date: `${today}T10:45` }), 'end', 'validation.endBeforeStart');
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json<{ history: { idHistory: number; start: string; end: string | null }[] }>();
    expect(detail.history.find((row) => row.idHistory === idHistory)).toMatchObject({ start: '10:00', end: '10:30' });

    const edited = await call('PATCH', `/api/clinical-history/${idHistory}`, medic, { end: '11:00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ start: '10:00', end: '11:00' });
    const cleared = await call('PATCH', `/api/clinical-history/${idHistory}`, medic, { end: null });
    expect(cleared.json()).toMatchObject({ end: null });
  });
});

describe('moments in full ISO 8601', () => {
  it('are stored in the practice local time, like YYYY-MM-DDTHH:mm', async () => {
    const { medic, idPatient } = await linkedPair();
    const utc = '2026-11-22T10:00:00.000Z';
    const expected = localMoment(new Date(utc));
    const created = await call('POST', '/api/clinical-history', medic, { idPatient, date: utc, motive: 'Control' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ date: expected, start: expected.slice(11, 16) });

    const withOffset = await call('POST', '/api/clinical-history', medic, { idPatient, date: '2026-11-22T10:00:00+01:00', motive: 'Control' });
    expect(withOffset.json()).toMatchObject({ date: localMoment(new Date('2026-11-22T09:00:00.000Z')) });

    const localWithSeconds = await call('POST', '/api/clinical-history', medic, { idPatient, date: '2026-11-22T10:00:42', motive: 'Control' });
    expect(localWithSeconds.json()).toMatchObject({ date: '2026-11-22T10:00', start: '10:00' });

    const vital = await call('POST', `/api/patients/${idPatient}/vitals`, medic, { date: '2026-06-01T07:15:00Z', heartRate: 72 });
    expect(vital.statusCode, vital.body).toBe(201);
    expect(vital.json()).toMatchObject({ date: localMoment(new Date('2026-06-01T07:15:00Z')) });
  });

  it('refuse what is not a moment, and calendar dates stay YYYY-MM-DD only', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const date of ['2026-11-22 10:00', '2026-11-22T10:00:00+25:00', '2026-02-30T10:00:00Z', '1763805600000']) {
      expectRefused(await call('POST', '/api/clinical-history', medic, { idPatient, date, motive: 'Control' }), 'date', 'validation.momentInvalid');
    }
    expectRefused(await call('POST', `/api/patients/${idPatient}/vaccines`, medic, { vaccineName: 'Tétanos', date: '2025-01-10T00:00:00Z' }), 'date', 'validation.dateInvalid');
  });
});
