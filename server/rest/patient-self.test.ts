// The patient's own side (API.md): their record in one call, their doctors, and who viewed it.
import { openTestDatabase } from '../test/engine-under-test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, errorOf, register, uniqueEmail } from '../test/helpers';
import { samplePng } from '../test/sample-files';

let app: FastifyInstance;
/**
 * SQL statements run through drizzle, but for the look at the access version a request takes to know
 * whether what is kept in memory still holds (auth/request-cache-version.ts): that point read was
 * always made, outside drizzle's log until the storage seam, and is not the work these tests count.
 */
let statements = 0;
const isAccessVersionLook = (query: string) => query.includes('from "access_version"');
beforeAll(async () => {
  app = await buildTestApp({ db: await openTestDatabase({ logQuery: (query) => void (isAccessVersionLook(query) || (statements += 1)) }) });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session.access_token) : {}, payload });

const newMedic = (name = 'Laura', lname = 'Gómez') => register(app, { type: 'medic', name, lname, email: uniqueEmail('medic') });
async function patientOf(medic: Session) {
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { patient, idPatient };
}
const medicIdOf = async (session: Session) =>
  (await rawGet<{ id: number }>(app.deps.db, 'select id from medics where user_id = ?', [session.user.idUser]))!.id;

describe('GET /api/patients/me', () => {
  it('answers the whole PatientSelf once a medic has filled the record', async () => {
    const medic = await newMedic();
    const { patient, idPatient } = await patientOf(medic);
    await call('PATCH', `/api/patients/${idPatient}`, medic, { bloodGroup: 'O', bloodRh: '+', profession: 'Docente', documentType: 'DNI', insurance: { name: 'Mapfre', type: 'Privado', provider: 'Mapfre SA', policyNumber: 'M-9' } });
    await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'Polen', severity: 'Mild', reaction: 'Estornudos' });
    await call('POST', `/api/patients/${idPatient}/vitals`, medic, { date: '2026-05-01', systolic: 118, diastolic: 76, heartRate: 70, temperature: 36.5 });
    await call('POST', '/api/clinical-history', medic, { idPatient, date: '2026-05-01T09:00', motive: 'Chequeo', medications: ['Loratadina'] });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samplePng)]), 'radiografía.png');
    await app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(medic.access_token), payload: form });

    const response = await call('GET', '/api/patients/me', patient);
    expect(response.statusCode).toBe(200);
    const self = response.json();
    expect(Object.keys(self).sort()).toEqual(
      [
        ...['allergies', 'clinicalHistories', 'contacts', 'doctors', 'documentType', 'education', 'familyHistory', 'files', 'insurance', 'labs', 'lifestyle', 'linkRequests', 'nationality', 'pathologicalRecords', 'patient', 'profession', 'religion', 'vaccines', 'vitals'],
        ...['historyTotal', 'historyNextCursor', 'vitalsTotal', 'vitalsNextCursor', 'labsTotal', 'labsNextCursor'],
      ].sort(),
    );
    expect(self.patient).toMatchObject({ idPatient, email: patient.user.email, bloodGroup: 'O', bloodRh: '+' });
    expect(self.doctors).toEqual([{ idMedic: await medicIdOf(medic), name: 'Laura', lname: 'Gómez', email: medic.user.email, phone: null, whatsapp: null, about: null, specialty: null, licenseNumber: null }]);
    expect(self.allergies).toEqual([expect.objectContaining({ allergyName: 'Polen', severity: 'Mild', reaction: 'Estornudos' })]);
    expect(self.vitals).toEqual([expect.objectContaining({ systolic: 118, heartRate: 70 })]);
    expect(self.clinicalHistories).toEqual([expect.objectContaining({ motive: 'Chequeo', start: '09:00', closed: false, medications: ['Loratadina'] })]);
    expect(self.files).toEqual([expect.objectContaining({ name: 'radiografía.png', mainType: 'image' })]);
    expect(self).toMatchObject({ historyTotal: 1, historyNextCursor: null, vitalsTotal: 1, vitalsNextCursor: null, labsTotal: 0, labsNextCursor: null });
    expect(self).toMatchObject({ profession: { name: 'Docente' }, documentType: { name: 'DNI' }, insurance: { name: 'Mapfre', provider: 'Mapfre SA' }, lifestyle: null });
    const download = await call('GET', `/api/patients/me/files/${self.files[0].code}`, patient);
    expect(download.statusCode).toBe(200);
  });

  it('runs the same number of SQL statements however large the record', async () => {
    const medic = await newMedic();
    const { patient, idPatient } = await patientOf(medic);
    statements = 0;
    await call('GET', '/api/patients/me', patient);
    const small = statements;
    for (let i = 1; i <= 6; i++) {
      await call('POST', `/api/patients/${idPatient}/labs`, medic, { date: `2026-01-0${i}`, testName: `T${i}` });
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `2026-01-0${i}T10:00`, motive: 'Control' });
      await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail: (await newMedic()).user.email });
    }
    statements = 0;
    const self = (await call('GET', '/api/patients/me', patient)).json();
    expect(self.doctors).toHaveLength(7);
    expect(statements).toBe(small);
  });

  it('answers 403 to a medic and 401 to anonymous', async () => {
    expect((await call('GET', '/api/patients/me', await newMedic())).statusCode).toBe(403);
    expect((await call('GET', '/api/patients/me')).statusCode).toBe(401);
  });
});

describe('linking doctors', () => {
  it('links a doctor by email (200 {message, doctor}), then 409 ALREADY_LINKED', async () => {
    const first = await newMedic();
    const second = await newMedic('Mario', 'Ruiz');
    const { patient } = await patientOf(first);
    const response = await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail: second.user.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String), doctor: expect.objectContaining({ idMedic: await medicIdOf(second), name: 'Mario', lname: 'Ruiz' }) });
    const again = await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail: second.user.email });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_LINKED');
    const me = (await call('GET', '/api/patients/me', patient)).json();
    expect(me.doctors.map((d: { name: string }) => d.name)).toEqual(['Laura', 'Mario']);
  });

  it('answers 404 for an email that is not a medic', async () => {
    const medic = await newMedic();
    const { patient } = await patientOf(medic);
    const other = await register(app, { type: 'patient', email: uniqueEmail('p') });
    for (const doctorEmail of [uniqueEmail('nobody'), other.user.email]) {
      const response = await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail });
      expect(response.statusCode).toBe(404);
    }
  });

  it('unlinks a doctor (204), who then cannot see the record; 404 when not linked', async () => {
    const medic = await newMedic();
    const { patient, idPatient } = await patientOf(medic);
    const response = await call('DELETE', `/api/patients/me/unlink-doctor/${await medicIdOf(medic)}`, patient);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, medic)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/patients/me/unlink-doctor/${await medicIdOf(medic)}`, patient)).statusCode).toBe(404);
  });

  it('answers 403 to a medic on the patient-only routes', async () => {
    const medic = await newMedic();
    expect((await call('POST', '/api/patients/me/link-doctor', medic, { doctorEmail: medic.user.email })).statusCode).toBe(403);
    expect((await call('DELETE', '/api/patients/me/unlink-doctor/1', medic)).statusCode).toBe(403);
    expect((await call('GET', '/api/patients/me/access-log', medic)).statusCode).toBe(403);
  });
});

describe('GET /api/patients/me/access-log', () => {
  it("lists a medic's read and write of the record, newest first, and never another patient's events", async () => {
    const medic = await newMedic('Ana', 'Paz');
    const { patient, idPatient } = await patientOf(medic);
    const { idPatient: otherId } = await patientOf(medic);
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'Látex' });
    await call('GET', `/api/medics/patients/${otherId}`, medic);
    await call('GET', '/api/patients/me', patient);

    const response = await call('GET', '/api/patients/me/access-log', patient);
    expect(response.statusCode).toBe(200);
    const log = response.json();
    expect(log).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(log.events.map((e: { action: string }) => e.action)).toEqual(['allergies.add', 'patient.detail']);
    expect(log.events[0]).toEqual({ at: expect.any(String), action: 'allergies.add', outcome: 'success', medic: { idMedic: await medicIdOf(medic), name: 'Ana', lname: 'Paz' }, detail: null, emergency: false });
  });

  it('pages through long histories, newest first, every event once, the pages past the middle as the first ones', async () => {
    const medic = await newMedic();
    const { patient, idPatient } = await patientOf(medic);
    // Each with its own detail, to tell them apart: an appointment written, read back.
    for (let i = 0; i < 25; i++) await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: `Alergia ${i}` });
    for (let i = 0; i < 50; i++) await call('GET', `/api/medics/patients/${idPatient}`, medic);
    const pages = await Promise.all([1, 2, 3, 4, 5].map(async (page) => (await call('GET', `/api/patients/me/access-log?page=${page}`, patient)).json()));
    expect(pages.map((page) => [page.page, page.pageSize, page.total, page.events.length])).toEqual([
      [1, 20, 75, 20],
      [2, 20, 75, 20],
      [3, 20, 75, 20],
      [4, 20, 75, 15],
      [5, 20, 75, 0],
    ]);
    const actions = pages.flatMap((page) => page.events.map((event: { action: string }) => event.action));
    expect(actions).toEqual([...Array(50).fill('patient.detail'), ...Array(25).fill('allergies.add')]);
    const moments = pages.flatMap((page) => page.events.map((event: { at: string }) => event.at));
    expect(moments).toEqual([...moments].sort().reverse());
    expect((await call('GET', '/api/patients/me/access-log?page=0', patient)).statusCode).toBe(400);
  });

  it("counts on the next read every event written since the last one, never the patient's own", async () => {
    const medic = await newMedic();
    const { patient, idPatient } = await patientOf(medic);
    const totalNow = async () => (await call('GET', '/api/patients/me/access-log', patient)).json().total as number;
    const before = await totalNow();
    for (let i = 0; i < 3; i++) await call('GET', `/api/medics/patients/${idPatient}`, medic);
    await call('GET', '/api/patients/me', patient);
    await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'Polen' });
    expect(await totalNow()).toBe(before + 4);
    expect(await totalNow()).toBe(before + 4);
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    const log = (await call('GET', '/api/patients/me/access-log', patient)).json();
    expect(log.total).toBe(before + 5);
    expect(log.events[0].action).toBe('patient.detail');
  });

  it('reads a page asked again from memory, and the next event about the patient on the very next read', async () => {
    const medic = await newMedic();
    const { patient, idPatient } = await patientOf(medic);
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    const first = (await call('GET', '/api/patients/me/access-log', patient)).json();
    const before = statements;
    const again = await call('GET', '/api/patients/me/access-log', patient);
    expect(again.json()).toEqual(first);
    expect(statements).toBe(before);
    await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'Ácaros' });
    const next = (await call('GET', '/api/patients/me/access-log', patient)).json();
    expect(next.total).toBe(first.total + 1);
    expect(next.events.map((event: { action: string }) => event.action)).toEqual(['allergies.add', 'patient.detail']);
  });

  it("shows a medic's new name on the next read of a kept page, for events from before names were kept", async () => {
    const medic = await newMedic('Irene', 'Vidal');
    const { patient, idPatient } = await patientOf(medic);
    const { db } = app.deps;
    // An event as written before names were kept: no actor name, the account's shown instead. Its id
    // is the next one, as the server gives ids on PostgreSQL (the trail's sequence is not used there).
    await rawRun(db, "insert into audit_events (id, at, actor_user_id, actor_type, action, patient_id, outcome, ip) values ((select coalesce(max(id), 0) + 1 from audit_events), ?, ?, 'medic', 'patient.detail', ?, 'success', '127.0.0.1')", [
      new Date().toISOString(),
      medic.user.idUser,
      idPatient,
    ]);
    const nameShown = async () => (await call('GET', '/api/patients/me/access-log', patient)).json().events[0].medic.name as string;
    expect(await nameShown()).toBe('Irene');
    expect(await nameShown()).toBe('Irene');
    await rawRun(db, 'update users set name = ? where id = ?', ['Irena', medic.user.idUser]);
    expect(await nameShown()).toBe('Irena');
  });
});
