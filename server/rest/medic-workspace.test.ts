// The medic workspace routes of API.md: the patient list, search, link, unlink, creation and
// reading one patient, with the authorization table (patient, unlinked medic, anonymous).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { openDatabase } from '../db/client';
import { bearer, buildTestApp, errorOf, linkWithConsent, register, rowCount, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
let statements = 0;
beforeAll(async () => {
  app = await buildTestApp({ db: openDatabase(':memory:', { logQuery: () => void (statements += 1) }) });
});
afterAll(() => app.close());

const as = (session: Session | undefined) => (session ? bearer(session.access_token) : {});
const get = (url: string, session?: Session) => app.inject({ method: 'GET', url, headers: as(session) });
const post = (url: string, payload: object, session?: Session) => app.inject({ method: 'POST', url, payload, headers: as(session) });
const del = (url: string, session?: Session) => app.inject({ method: 'DELETE', url, headers: as(session) });

const newMedic = () => register(app, { type: 'medic', email: uniqueEmail('medic') });
const newPatient = (account: { name?: string; lname?: string; email?: string } = {}) =>
  register(app, { type: 'patient', email: uniqueEmail('patient'), ...account });
const patientIdOf = (session: Session) =>
  (app.deps.db.$client.prepare('select id from patients where user_id = ?').get(session.user.idUser) as { id: number }).id;
const askLink = (medic: Session, patient: Session) => post('/api/medics/link-patient', { patientEmail: patient.user.email }, medic);
const link = (medic: Session, patient: Session) => linkWithConsent(app, medic, patient);
const addAppointment = (patientId: number, date: string) =>
  app.deps.db.$client
    .prepare("insert into clinical_histories (patient_id, date, start, motive, created_at) values (?, ?, substr(?, 12, 5), 'Control', '')")
    .run(patientId, date, date);

describe('GET /api/medics/my-patients', () => {
  it('lists only the linked patients, by last name then name, with appointment count and last appointment', async () => {
    const medic = await newMedic();
    const zamora = await newPatient({ name: 'Eva', lname: 'Zamora' });
    const alonsoB = await newPatient({ name: 'Bruno', lname: 'alonso' });
    const alonsoA = await newPatient({ name: 'Ana', lname: 'Alonso' });
    await newPatient({ name: 'Not', lname: 'Linked' });
    for (const patient of [zamora, alonsoB, alonsoA]) await link(medic, patient);
    addAppointment(patientIdOf(zamora), '2026-01-05T09:30');
    addAppointment(patientIdOf(zamora), '2026-03-01T10:00');

    const response = await get('/api/medics/my-patients', medic);
    expect(response.statusCode).toBe(200);
    const { patients } = response.json();
    expect(patients.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Bruno', 'Eva']);
    expect(patients[2]).toEqual({
      idPatient: patientIdOf(zamora),
      name: 'Eva',
      lname: 'Zamora',
      email: zamora.user.email,
      phone: null,
      bloodGroup: null,
      bloodRh: null,
      lastAppointment: '2026-03-01T10:00',
      appointmentCount: 2,
    });
    expect(patients[0]).toMatchObject({ lastAppointment: null, appointmentCount: 0 });
  });

  it('runs the same number of SQL statements for 1 patient as for 25', async () => {
    const medic = await newMedic();
    await link(medic, await newPatient());
    statements = 0;
    await get('/api/medics/my-patients', medic);
    const withOne = statements;
    for (let i = 0; i < 24; i++) {
      const patient = await newPatient();
      await link(medic, patient);
      addAppointment(patientIdOf(patient), '2026-02-02T08:00');
    }
    statements = 0;
    const response = await get('/api/medics/my-patients', medic);
    expect(response.json().patients).toHaveLength(25);
    expect(statements).toBe(withOne);
  });
});

describe('GET /api/medics/search-patients', () => {
  let medic: Session;
  beforeEach(async () => {
    medic = await newMedic();
  });

  it('matches name, last name, email or phone case-insensitively', async () => {
    const tag = `Qx${Date.now()}`;
    const patient = await newPatient({ name: `${tag}Marta`, lname: 'Pérez' });
    await link(medic, patient);
    app.deps.db.$client.prepare('update users set phone = ? where id = ?').run('5551234', patient.user.idUser);
    for (const q of [tag.toLowerCase(), tag.toUpperCase(), patient.user.email.toUpperCase(), patient.user.email.slice(0, 12), '5551234']) {
      const response = await get(`/api/medics/search-patients?q=${encodeURIComponent(q)}`, medic);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual({
        idPatient: patientIdOf(patient),
        name: `${tag}Marta`,
        lname: 'Pérez',
        email: patient.user.email,
        phone: '5551234',
        linked: true,
      });
    }
  });

  it("does not reveal another medic's patient by name, phone or partial email; only by the exact email", async () => {
    const tag = `Priv${Date.now()}`;
    const stranger = await newPatient({ name: `${tag}Rosa`, lname: 'Vidal' });
    app.deps.db.$client.prepare('update users set phone = ? where id = ?').run('5559876', stranger.user.idUser);
    await link(await newMedic(), stranger);
    for (const q of [tag, 'Vidal', '5559876', stranger.user.email.slice(0, 12), stranger.user.email.slice(1)]) {
      const response = await get(`/api/medics/search-patients?q=${encodeURIComponent(q)}`, medic);
      expect(response.json(), q).toEqual([]);
    }
    const exact = await get(`/api/medics/search-patients?q=${encodeURIComponent(` ${stranger.user.email.toUpperCase()} `)}`, medic);
    expect(exact.json()).toEqual([
      { idPatient: patientIdOf(stranger), name: `${tag}Rosa`, lname: 'Vidal', email: stranger.user.email, phone: '5559876', linked: false },
    ]);
  });

  it('answers at most 20 results', async () => {
    const tag = `Many${Date.now()}`;
    for (let i = 0; i < 22; i++) await link(medic, await newPatient({ lname: `${tag}${i}` }));
    const response = await get(`/api/medics/search-patients?q=${tag}`, medic);
    expect(response.json()).toHaveLength(20);
  });

  it('takes % and _ literally', async () => {
    const tag = `Lit${Date.now()}`;
    for (const lname of ['100% Real', 'A_B', 'AxB']) await link(medic, await newPatient({ name: tag, lname }));
    const percent = (await get(`/api/medics/search-patients?q=${encodeURIComponent('0% R')}`, medic)).json();
    expect(percent.map((p: { lname: string }) => p.lname)).toEqual(['100% Real']);
    const underscore = (await get(`/api/medics/search-patients?q=${encodeURIComponent('a_b')}`, medic)).json();
    expect(underscore.map((p: { lname: string }) => p.lname)).toEqual(['A_B']);
  });

  it('answers an empty query with [] without touching the database', async () => {
    statements = 0;
    for (const url of ['/api/medics/search-patients?q=', '/api/medics/search-patients?q=%20%20', '/api/medics/search-patients']) {
      const response = await get(url, medic);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
    // Only the session lookups of the three requests ran.
    expect(statements).toBe(3);
  });
});

describe('POST /api/medics/link-patient', () => {
  it('answers 202 with a pending request for an email in any case; the record stays 404 until the patient accepts', async () => {
    const medic = await newMedic();
    const patient = await newPatient({ name: 'Luz', lname: 'Mar' });
    const response = await post('/api/medics/link-patient', { patientEmail: ` ${patient.user.email.toUpperCase()} ` }, medic);
    expect(response.statusCode).toBe(202);
    const { request } = response.json();
    expect(response.json()).toEqual({
      message: expect.any(String),
      request: {
        idRequest: expect.any(Number),
        patient: { idPatient: patientIdOf(patient), name: 'Luz', lname: 'Mar', email: patient.user.email },
        createdAt: expect.any(String),
        status: 'pending',
      },
    });
    expect((await get(`/api/medics/patients/${patientIdOf(patient)}`, medic)).statusCode).toBe(404);
    expect((await get(`/api/patients/${patientIdOf(patient)}`, medic)).statusCode).toBe(404);

    const accepted = await post(`/api/patients/me/link-requests/${request.idRequest}/accept`, {}, patient);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: expect.any(String), doctor: expect.objectContaining({ email: medic.user.email }) });
    expect((await get(`/api/medics/patients/${patientIdOf(patient)}`, medic)).statusCode).toBe(200);
    // A fulfilled request is gone from both sides.
    expect((await get('/api/medics/link-requests', medic)).json()).toEqual({ requests: [] });
    expect((await get('/api/patients/me', patient)).json().linkRequests).toEqual([]);
  });

  it('answers the same pending request when asked twice', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    const first = (await askLink(medic, patient)).json().request;
    const second = await askLink(medic, patient);
    expect(second.statusCode).toBe(202);
    expect(second.json().request.idRequest).toBe(first.idRequest);
    expect((await get('/api/patients/me', patient)).json().linkRequests).toHaveLength(1);
  });

  it('answers 404 PATIENT_NOT_FOUND for an unknown email and for a medic account', async () => {
    const medic = await newMedic();
    const otherMedic = await newMedic();
    for (const patientEmail of [uniqueEmail('nobody'), otherMedic.user.email]) {
      const response = await post('/api/medics/link-patient', { patientEmail }, medic);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    }
  });

  it('answers 409 ALREADY_LINKED for a patient already linked', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    expect(await link(medic, patient)).toBe(200);
    const response = await askLink(medic, patient);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('ALREADY_LINKED');
  });

  it('answers 400 for a malformed email', async () => {
    const response = await post('/api/medics/link-patient', { patientEmail: 'nope' }, await newMedic());
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual([{ path: 'patientEmail', message: 'validation.emailInvalid' }]);
  });
});

describe('DELETE /api/medics/unlink-patient/:patientId', () => {
  it('answers 204, and the medic can no longer read the patient', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    await link(medic, patient);
    const response = await del(`/api/medics/unlink-patient/${patientIdOf(patient)}`, medic);
    expect(response.statusCode).toBe(204);
    expect((await get(`/api/patients/${patientIdOf(patient)}`, medic)).statusCode).toBe(404);
  });

  it('answers 404 for a patient not linked to the caller', async () => {
    const medic = await newMedic();
    const otherMedic = await newMedic();
    const patient = await newPatient();
    await link(otherMedic, patient);
    const response = await del(`/api/medics/unlink-patient/${patientIdOf(patient)}`, medic);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    expect((await get(`/api/patients/${patientIdOf(patient)}`, otherMedic)).statusCode).toBe(200);
  });
});

describe('POST /api/patients', () => {
  it('creates a new patient account linked to the caller, with the documented defaults', async () => {
    const medic = await newMedic();
    const email = uniqueEmail('created');
    const response = await post('/api/patients', { name: 'Sara', lname: 'Núñez', email, password: 'secreto1', weight: '61.5', height: 165, bloodGroup: 'AB', bloodRh: '-' }, medic);
    expect(response.statusCode).toBe(201);
    const patient = response.json();
    expect(patient).toEqual({
      idPatient: expect.any(Number),
      idUser: expect.any(Number),
      name: 'Sara',
      lname: 'Núñez',
      email,
      phone: '0000000000',
      extraPhone: '',
      address: 'No especificada',
      addressSpecific: '',
      bloodGroup: 'AB',
      bloodRh: '-',
      civilStatus: null,
      weight: 61.5,
      height: 165,
      policy: '',
      documentNumber: null,
    });
    const list = (await get('/api/medics/my-patients', medic)).json().patients;
    expect(list.map((p: { idPatient: number }) => p.idPatient)).toContain(patient.idPatient);
    // The new patient can sign in with the password the medic set.
    const login = await post('/api/auth/login', { email, password: 'secreto1' });
    expect(login.statusCode).toBe(200);
  });

  it('answers 409 EMAIL_TAKEN and creates nothing when the email is in use', async () => {
    const medic = await newMedic();
    const existing = await newPatient();
    const before = rowCount(app, 'users');
    const response = await post('/api/patients', { name: 'A', lname: 'B', email: existing.user.email.toUpperCase(), password: 'secreto1' }, medic);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_TAKEN');
    expect(rowCount(app, 'users')).toBe(before);
  });

  it('names every invalid field', async () => {
    const response = await post('/api/patients', { name: '', lname: '', email: 'x', password: '1', weight: 0.01, bloodGroup: 'C' }, await newMedic());
    expect(response.statusCode).toBe(400);
    expect([...new Set(errorOf(response).issues?.map((issue) => issue.path))].sort()).toEqual(['bloodGroup', 'email', 'lname', 'name', 'password', 'weight']);
  });

  it('leaves no user, record or link behind when a write after the user insert fails', async () => {
    const medic = await newMedic();
    const sqlite = app.deps.db.$client;
    const before = ['users', 'patients', 'medic_patients'].map((table) => rowCount(app, table));
    sqlite.exec("create trigger fail_patient_insert before insert on patients begin select raise(abort, 'forced failure'); end");
    try {
      const response = await post('/api/patients', { name: 'A', lname: 'B', email: uniqueEmail('doomed'), password: 'secreto1' }, medic);
      expect(response.statusCode).toBe(500);
      expect(errorOf(response).code).toBe('INTERNAL_ERROR');
    } finally {
      sqlite.exec('drop trigger fail_patient_insert');
    }
    expect(['users', 'patients', 'medic_patients'].map((table) => rowCount(app, table))).toEqual(before);
  });

  it('accepts the documented form for a patient already linked to the caller, matching id and email', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    await link(medic, patient);
    const payload = {
      idUser: patient.user.idUser,
      email: patient.user.email,
      phone: '',
      extraPhone: '',
      address: '',
      addressSpecific: '',
      bloodGroup: 'O',
      bloodRh: '+',
      weight: 80,
      height: 180,
      civilStatus: 'Casado',
      policy: '',
      origin: '',
      originSent: '',
      originPlace: '',
      insuranceComment: '',
    };
    const response = await post('/api/patients', payload, medic);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ idPatient: patientIdOf(patient), phone: '0000000000', address: 'No especificada', bloodGroup: 'O', civilStatus: 'Casado' });
    const mismatch = await post('/api/patients', { ...payload, email: uniqueEmail('other') }, medic);
    expect(mismatch.statusCode).toBe(404);
  });

  it("answers 404 and changes nothing when an unlinked medic sends the documented form for someone's account", async () => {
    const owner = await newMedic();
    const patient = await newPatient();
    await link(owner, patient);
    const before = (await get(`/api/medics/patients/${patientIdOf(patient)}`, owner)).json().patient;
    const intruder = await newMedic();
    const response = await post(
      '/api/patients',
      { idUser: patient.user.idUser, email: patient.user.email, phone: '666', address: 'Elsewhere', bloodGroup: 'B', weight: 99 },
      intruder,
    );
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    expect((await get(`/api/medics/patients/${patientIdOf(patient)}`, owner)).json().patient).toEqual(before);
    expect((await get(`/api/medics/patients/${patientIdOf(patient)}`, intruder)).statusCode).toBe(404);
  });
});

describe('GET /api/patients and /api/patients/:id', () => {
  it("lists the caller's linked patients only", async () => {
    const medic = await newMedic();
    const mine = await newPatient();
    await newPatient();
    await link(medic, mine);
    const response = await get('/api/patients', medic);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { idPatient: number }) => p.idPatient)).toEqual([patientIdOf(mine)]);
  });

  it('shows a patient to a linked medic and to the patient themself, and 404 to anyone else', async () => {
    const medic = await newMedic();
    const stranger = await newMedic();
    const patient = await newPatient();
    const otherPatient = await newPatient();
    await link(medic, patient);
    const url = `/api/patients/${patientIdOf(patient)}`;
    expect((await get(url, medic)).json()).toMatchObject({ idPatient: patientIdOf(patient), email: patient.user.email });
    expect((await get(url, patient)).statusCode).toBe(200);
    for (const caller of [stranger, otherPatient]) {
      const response = await get(url, caller);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    }
    expect((await get('/api/patients/999999', medic)).statusCode).toBe(404);
    expect((await get('/api/patients/abc', medic)).statusCode).toBe(400);
  });
});

describe('GET /api/medics/search', () => {
  it('finds doctors by name, last name or email for any signed-in user, at most 20', async () => {
    const tag = `Doc${Date.now()}`;
    const doctor = await register(app, { type: 'medic', name: `${tag}Ana`, lname: 'Vidal', email: uniqueEmail('doc') });
    const patient = await newPatient();
    const response = await get(`/api/medics/search?q=${tag.toLowerCase()}`, patient);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { idMedic: expect.any(Number), name: `${tag}Ana`, lname: 'Vidal', email: doctor.user.email, phone: null, whatsapp: null, about: null },
    ]);
    expect((await get('/api/medics/search?q=', patient)).json()).toEqual([]);
    expect((await get(`/api/medics/search?q=${tag}`)).statusCode).toBe(401);
  });
});

describe('the authorization table', () => {
  const medicOnly = [
    ['GET', '/api/medics/my-patients'],
    ['GET', '/api/medics/search-patients?q=a'],
    ['POST', '/api/medics/link-patient'],
    ['DELETE', '/api/medics/unlink-patient/1'],
    ['POST', '/api/patients'],
    ['GET', '/api/patients'],
  ] as const;

  it('answers 403 FORBIDDEN to a patient on medic routes', async () => {
    const patient = await newPatient();
    for (const [method, url] of medicOnly) {
      const response = await app.inject({ method, url, headers: as(patient), payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 UNAUTHENTICATED to an anonymous caller', async () => {
    for (const [method, url] of [...medicOnly, ['GET', '/api/patients/1'], ['GET', '/api/medics/search?q=a']] as const) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the audit trail of the workspace', () => {
  it('records the list, a search, a creation, a link, an unlink and a read', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    await get('/api/medics/my-patients', medic);
    await get('/api/medics/search-patients?q=zz', medic);
    await post('/api/patients', { name: 'A', lname: 'B', email: uniqueEmail('audited'), password: 'secreto1' }, medic);
    await link(medic, patient);
    await get(`/api/patients/${patientIdOf(patient)}`, medic);
    await del(`/api/medics/unlink-patient/${patientIdOf(patient)}`, medic);
    await get(`/api/patients/${patientIdOf(patient)}`, medic);
    const actions = app.deps.db.$client
      .prepare('select action, outcome from audit_events where actor_user_id = ? order by id')
      .all(medic.user.idUser) as { action: string; outcome: string }[];
    expect(actions.map((a) => `${a.action}:${a.outcome}`)).toEqual([
      'auth.register:success',
      // The test factory approves the medic and signs in.
      'auth.login:success',
      'patients.list:success',
      'patients.search:success',
      'patients.create:success',
      'patients.linkRequest:success',
      'patient.read:success',
      'patients.unlink:success',
      'patients.byId:denied',
    ]);
  });
});
