// The patient record for medics (API.md): the whole detail in one call, editing the patient,
// the seven sub-record collections, and appointments with the today-or-later rule.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localDay } from '../../shared/dates';
import { openDatabase } from '../db/client';
import { bearer, buildTestApp, errorOf, register, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir, testDiagnosisName } from '../test/test-catalog';

// A fixed "now" in the practice's time zone: 2026-06-15 at 10:30 local time.
const now = new Date(2026, 5, 15, 10, 30);
const today = localDay(now);
const yesterday = localDay(new Date(2026, 5, 14, 12));
const tomorrow = localDay(new Date(2026, 5, 16, 12));

let app: FastifyInstance;
let statements = 0;
beforeAll(async () => {
  app = await buildTestApp({
    db: openDatabase(':memory:', { logQuery: () => void (statements += 1) }),
    now: () => now,
    // Appointments name their diagnoses from the catalog.
    config: testConfig({ catalogDir: testCatalogDir() }),
  });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session.access_token) : {}, payload });

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = app.deps.db.$client.prepare('select id as idPatient from patients where user_id = ?').get(patient.user.idUser) as { idPatient: number };
  return { medic, patient, idPatient };
}

const samples = {
  allergies: { path: 'allergies', id: 'idPatientAllergy', add: { allergyName: 'Penicilina', severity: 'Severe', type: 'Drug', reaction: 'Urticaria' }, edit: { severity: 'Mild' }, required: 'allergyName' },
  pathologicalRecords: { path: 'pathological-records', id: 'idRecord', add: { condition: 'Asma', diagnosisDate: '2020-03-01', status: 'Chronic', notes: 'Inhalador' }, edit: { status: 'Resolved' }, required: 'condition' },
  vitals: { path: 'vitals', id: 'idVital', add: { date: '2026-06-01T09:00', systolic: '120', diastolic: '80', heartRate: '72', temperature: '36.6', oxygenSaturation: '98', respiratoryRate: '16', weight: '70.4' }, edit: { respiratoryRate: 18 }, required: 'date' },
  labs: { path: 'labs', id: 'idLabs', add: { testName: 'Glucosa', value: '95', unit: 'mg/dL', referenceRange: '70-100', date: '2026-05-20', comment: 'Ayunas' }, edit: { value: '101' }, required: 'date' },
  vaccines: { path: 'vaccines', id: 'idVaccine', add: { vaccineName: 'Tétanos', date: '2025-01-10', dose: '2', manufacturer: 'Acme', nextDose: '2035-01-10' }, edit: { dose: '3' }, required: 'vaccineName' },
  contacts: { path: 'contacts', id: 'idContact', add: { name: 'Rosa Díaz', relationship: 'Madre', phone: '555 0101', email: 'rosa@example.test', address: 'Calle 1' }, edit: { phone: '555 0202' }, required: 'name' },
  familyHistory: { path: 'family-history', id: 'idFamilyHistory', add: { relative: 'Madre', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' }, edit: { relative: 'Abuela materna' }, required: 'condition' },
} as const;

describe('GET /api/medics/patients/:id', () => {
  it('answers the whole PatientDetail with null for what is absent', async () => {
    const { medic, idPatient, patient } = await linkedPair();
    const response = await call('GET', `/api/medics/patients/${idPatient}`, medic);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      patient: expect.objectContaining({ idPatient, name: patient.user.name, email: patient.user.email, bloodGroup: null, bloodRh: null }),
      history: [],
      allergies: [],
      vitals: [],
      labs: [],
      vaccines: [],
      pathologicalRecords: [],
      contacts: [],
      familyHistory: [],
      lifestyle: null,
      insurance: null,
      profession: null,
      religion: null,
      nationality: null,
      education: null,
      documentType: null,
      files: [],
      emergencyAccess: null,
      // The long lists' totals and cursors (API.md "Long histories"): nothing is left of an empty record.
      historyTotal: 0,
      historyNextCursor: null,
      vitalsTotal: 0,
      vitalsNextCursor: null,
      labsTotal: 0,
      labsNextCursor: null,
    });
  });

  it('lists every collection newest first', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const date of ['2026-01-01', '2026-03-01', '2026-02-01']) {
      await call('POST', `/api/patients/${idPatient}/vitals`, medic, { date, systolic: 120 });
      await call('POST', `/api/patients/${idPatient}/labs`, medic, { date, testName: 'Hb' });
      await call('POST', `/api/patients/${idPatient}/vaccines`, medic, { date, vaccineName: 'Gripe' });
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `${date}T08:00`, motive: 'Control' });
    }
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    const dates = (items: { date: string }[]) => items.map((item) => item.date.slice(0, 10));
    for (const list of [detail.vitals, detail.labs, detail.vaccines, detail.history]) {
      expect(dates(list)).toEqual(['2026-03-01', '2026-02-01', '2026-01-01']);
    }
  });

  it('runs the same number of SQL statements however many items the record holds', async () => {
    const { medic, idPatient } = await linkedPair();
    // A first read leaves the caller and the link in memory (issue 25), as they stay for the read below.
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    // A change to the record makes the next read load it again, as the one after the items below does.
    expect((await call('PATCH', `/api/patients/${idPatient}`, medic, { bloodGroup: 'AB', bloodRh: '-' })).statusCode).toBe(200);
    statements = 0;
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    const empty = statements;
    for (let i = 0; i < 8; i++) {
      for (const sample of Object.values(samples)) await call('POST', `/api/patients/${idPatient}/${sample.path}`, medic, sample.add);
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `2026-0${(i % 5) + 1}-0${i + 1}T08:00`, motive: 'Control' });
    }
    statements = 0;
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.allergies).toHaveLength(8);
    expect(detail.history).toHaveLength(8);
    expect(statements).toBe(empty);
  });

  it('answers 404 to an unlinked medic, 403 to a patient and 401 to anonymous', async () => {
    const { patient, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await call('GET', `/api/medics/patients/${idPatient}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, patient)).statusCode).toBe(403);
    expect((await call('GET', `/api/medics/patients/${idPatient}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/patients/:idPatient', () => {
  it('edits contact fields and blood type', async () => {
    const { medic, idPatient } = await linkedPair();
    const email = uniqueEmail('changed');
    const response = await call('PATCH', `/api/patients/${idPatient}`, medic, { email, phone: '555 1234', address: 'Av. Reforma 1', bloodGroup: 'AB', bloodRh: '-' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ idPatient, email, phone: '555 1234', address: 'Av. Reforma 1', bloodGroup: 'AB', bloodRh: '-' });
  });

  it('fills demographics by name, creating each lookup on first use and reusing it whatever its case', async () => {
    const first = await linkedPair();
    const second = await linkedPair();
    const demographics = { profession: 'Ingeniera', religion: 'Ninguna', nationality: 'Mexicana', education: 'Universidad', documentType: 'INE', civilStatus: 'Soltera', weight: '61.5', height: '165', documentNumber: 'X123' };
    expect((await call('PATCH', `/api/patients/${first.idPatient}`, first.medic, demographics)).statusCode).toBe(200);
    await call('PATCH', `/api/patients/${second.idPatient}`, second.medic, { profession: 'INGENIERA' });
    const one = (await call('GET', `/api/medics/patients/${first.idPatient}`, first.medic)).json();
    const two = (await call('GET', `/api/medics/patients/${second.idPatient}`, second.medic)).json();
    expect(one.profession).toEqual({ id: expect.any(Number), name: 'Ingeniera' });
    expect(two.profession).toEqual(one.profession);
    expect(one).toMatchObject({ religion: { name: 'Ninguna' }, nationality: { name: 'Mexicana' }, education: { name: 'Universidad' }, documentType: { name: 'INE' } });
    expect(one.patient).toMatchObject({ civilStatus: 'Soltera', weight: 61.5, height: 165, documentNumber: 'X123' });
    await call('PATCH', `/api/patients/${first.idPatient}`, first.medic, { profession: '' });
    expect((await call('GET', `/api/medics/patients/${first.idPatient}`, first.medic)).json().profession).toBeNull();
  });

  it('sets and clears insurance and lifestyle', async () => {
    const { medic, idPatient } = await linkedPair();
    await call('PATCH', `/api/patients/${idPatient}`, medic, {
      insurance: { name: 'Sanitas', type: 'Privado', provider: 'Sanitas SA', policyNumber: 'P-1' },
      lifestyle: { alcohol: { frequency: 'Semanal', quantity: '2', type: 'Vino' }, physicalActivity: { frequency: 'Diaria', type: 'Correr', duration: '30 min' } },
    });
    let detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.insurance).toEqual({ name: 'Sanitas', type: 'Privado', provider: 'Sanitas SA', policyNumber: 'P-1' });
    expect(detail.lifestyle).toEqual({
      alcohol: { frequency: 'Semanal', quantity: '2', type: 'Vino' },
      tobacco: null,
      drugs: null,
      physicalActivity: { frequency: 'Diaria', type: 'Correr', duration: '30 min' },
    });
    await call('PATCH', `/api/patients/${idPatient}`, medic, { lifestyle: { alcohol: null } });
    detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.lifestyle).toMatchObject({ alcohol: null, physicalActivity: { type: 'Correr' } });
    await call('PATCH', `/api/patients/${idPatient}`, medic, { insurance: null, lifestyle: null });
    detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail).toMatchObject({ insurance: null, lifestyle: null });
  });

  it('answers 409 EMAIL_TAKEN for an email of another account, and changes nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const other = await register(app, { email: uniqueEmail('other') });
    const response = await call('PATCH', `/api/patients/${idPatient}`, medic, { email: other.user.email.toUpperCase(), phone: '999' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_TAKEN');
    expect((await call('GET', `/api/patients/${idPatient}`, medic)).json().phone).toBeNull();
  });

  it('names each invalid field with 400', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('PATCH', `/api/patients/${idPatient}`, medic, { bloodGroup: 'C', weight: 900, height: 20.5, email: 'x' });
    expect(response.statusCode).toBe(400);
    expect([...new Set(errorOf(response).issues?.map((issue) => issue.path))].sort()).toEqual(['bloodGroup', 'email', 'height', 'weight']);
  });

  it('answers 404 to an unlinked medic', async () => {
    const { idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await call('PATCH', `/api/patients/${idPatient}`, stranger, { phone: '1' })).statusCode).toBe(404);
  });
});

describe.each(Object.entries(samples))('the %s collection', (key, sample) => {
  it('adds (201), edits (200) and deletes (204) an item', async () => {
    const { medic, idPatient } = await linkedPair();
    const added = await call('POST', `/api/patients/${idPatient}/${sample.path}`, medic, sample.add);
    expect(added.statusCode).toBe(201);
    const item = added.json();
    expect(item[sample.id]).toEqual(expect.any(Number));
    const edited = await call('PATCH', `/api/patients/${idPatient}/${sample.path}/${item[sample.id]}`, medic, sample.edit);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...item, ...sample.edit });
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail[key]).toEqual([{ ...item, ...sample.edit }]);
    const removed = await call('DELETE', `/api/patients/${idPatient}/${sample.path}/${item[sample.id]}`, medic);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, medic)).json()[key]).toEqual([]);
  });

  it(`answers 400 naming ${sample.required} when it is missing`, async () => {
    const { medic, idPatient } = await linkedPair();
    const { [sample.required]: _missing, ...rest } = sample.add as Record<string, unknown>;
    const response = await call('POST', `/api/patients/${idPatient}/${sample.path}`, medic, rest);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.map((issue) => issue.path)).toContain(sample.required);
  });

  it("answers 404 for an item id of another patient, and leaves that item alone", async () => {
    const mine = await linkedPair();
    const theirs = await linkedPair();
    const item = (await call('POST', `/api/patients/${theirs.idPatient}/${sample.path}`, theirs.medic, sample.add)).json();
    const url = `/api/patients/${mine.idPatient}/${sample.path}/${item[sample.id]}`;
    expect((await call('PATCH', url, mine.medic, sample.edit)).statusCode).toBe(404);
    expect((await call('DELETE', url, mine.medic)).statusCode).toBe(404);
    expect((await call('GET', `/api/medics/patients/${theirs.idPatient}`, theirs.medic)).json()[key]).toEqual([item]);
  });

  it('answers 404 to an unlinked medic and 403 to a patient', async () => {
    const { patient, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await call('POST', `/api/patients/${idPatient}/${sample.path}`, stranger, sample.add)).statusCode).toBe(404);
    expect((await call('POST', `/api/patients/${idPatient}/${sample.path}`, patient, sample.add)).statusCode).toBe(403);
  });
});

describe('validation of sub-records', () => {
  it.each([
    ['systolic', 39],
    ['systolic', 301],
    ['diastolic', 19],
    ['diastolic', 201],
    ['heartRate', 19],
    ['heartRate', 301],
    ['temperature', 24.9],
    ['temperature', 45.1],
    ['oxygenSaturation', -1],
    ['oxygenSaturation', 101],
    ['respiratoryRate', 3],
    ['respiratoryRate', 81],
    ['weight', 0.1],
    ['weight', 500.1],
    ['weight', 70.25],
  ])('refuses a vital with %s %s, naming the field', async (field, value) => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('POST', `/api/patients/${idPatient}/vitals`, medic, { date: '2026-06-01', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.[0]?.path).toBe(field);
  });

  it('converts numbers sent as text to numbers', async () => {
    const { medic, idPatient } = await linkedPair();
    const vital = (await call('POST', `/api/patients/${idPatient}/vitals`, medic, samples.vitals.add)).json();
    expect(vital).toMatchObject({ systolic: 120, diastolic: 80, heartRate: 72, temperature: 36.6, oxygenSaturation: 98, respiratoryRate: 16, weight: 70.4 });
  });

  it('requires a vaccine date, and a lab test name or value even after an edit', async () => {
    const { medic, idPatient } = await linkedPair();
    const noDate = await call('POST', `/api/patients/${idPatient}/vaccines`, medic, { vaccineName: 'Gripe' });
    expect(errorOf(noDate).issues?.map((issue) => issue.path)).toEqual(['date']);
    const nameless = await call('POST', `/api/patients/${idPatient}/labs`, medic, { date: '2026-01-01' });
    expect(nameless.statusCode).toBe(400);
    const lab = (await call('POST', `/api/patients/${idPatient}/labs`, medic, { date: '2026-01-01', value: '5' })).json();
    expect(lab).toMatchObject({ testName: null, value: '5', idContent: null });
    const cleared = await call('PATCH', `/api/patients/${idPatient}/labs/${lab.idLabs}`, medic, { value: '' });
    expect(cleared.statusCode).toBe(400);
    expect(errorOf(cleared).issues).toEqual([{ path: 'testName', message: 'validation.labNameOrValue' }]);
  });

  it('refuses an allergy severity or record status outside the lists', async () => {
    const { medic, idPatient } = await linkedPair();
    expect((await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'X', severity: 'Deadly' })).statusCode).toBe(400);
    expect((await call('POST', `/api/patients/${idPatient}/pathological-records`, medic, { condition: 'X', status: 'Gone' })).statusCode).toBe(400);
  });
});

describe('appointments', () => {
  const create = (medic: Session, idPatient: number, date: string, extra: object = {}) =>
    call('POST', '/api/clinical-history', medic, { idPatient, date, motive: 'Revisión', ...extra });

  it('creates an appointment (201) with its start taken from the date-time', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await create(medic, idPatient, `${today}T09:45`, { notes: 'Dolor de cabeza', medications: ['Paracetamol 500 mg'], diagnosisIds: ['R51'] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      idHistory: expect.any(Number),
      idPatient,
      idMedic: expect.any(Number),
      date: `${today}T09:45`,
      start: '09:45',
      end: null,
      motive: 'Revisión',
      notes: 'Dolor de cabeza',
      medications: ['Paracetamol 500 mg'],
      diagnosisIds: ['R51'],
      subjective: null,
      exploration: null,
      plan: null,
      prognosis: null,
      diagnoses: [{ code: 'R51', name: testDiagnosisName('R51') }],
      medic: { idMedic: expect.any(Number), name: medic.user.name, lname: medic.user.lname },
      closed: false,
      prescriptions: [],
      addenda: [],
      writtenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lateEntry: false,
    });
  });

  it('requires a valid date-time and a motive', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('POST', '/api/clinical-history', medic, { idPatient, date: '2026-13-01T10:00' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.map((issue) => issue.path).sort()).toEqual(['date', 'motive']);
  });

  it("edits and deletes today's appointment", async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${today}T08:00`, { medications: ['Ibuprofeno'], diagnosisIds: ['M54'] })).json();
    const edited = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { motive: 'Control', date: `${today}T11:15`, end: '11:45' });
    expect(edited.statusCode).toBe(200);
    // What the edit did not name stays as it was.
    expect(edited.json()).toEqual({ ...appointment, motive: 'Control', date: `${today}T11:15`, start: '11:15', end: '11:45' });
    expect((await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic)).statusCode).toBe(204);
  });

  it("answers 409 APPOINTMENT_LOCKED to editing, moving or deleting yesterday's appointment, which stays as written", async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${yesterday}T08:00`)).json();
    for (const changes of [{ motive: 'Otro' }, { date: `${tomorrow}T08:00` }]) {
      const edit = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, changes);
      expect(edit.statusCode).toBe(409);
      expect(errorOf(edit).code).toBe('APPOINTMENT_LOCKED');
    }
    const remove = await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic);
    expect(remove.statusCode).toBe(409);
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.history).toEqual([appointment]);
  });

  it("moves a booked appointment of a later day to another day and time, and cancels it (today or later may change)", async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${tomorrow}T08:00`, { end: '08:30' })).json();
    const moved = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { date: '2026-06-22T12:15', end: '12:45', motive: 'Control' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...appointment, date: '2026-06-22T12:15', start: '12:15', end: '12:45', motive: 'Control' });
    // Onto today is a move too.
    expect((await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { date: `${today}T17:00`, end: '17:30' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic)).statusCode).toBe(204);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, medic)).json().history).toEqual([]);
  });

  it('refuses with 400 to move an appointment onto a day before today, naming the date, and keeps it where it was', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const day of [today, tomorrow]) {
      const appointment = (await create(medic, idPatient, `${day}T08:00`)).json();
      const moved = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { date: `${yesterday}T08:00` });
      expect(moved.statusCode).toBe(400);
      expect(errorOf(moved)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'date', message: 'validation.appointmentInPast' }] });
      const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
      expect(detail.history).toContainEqual(appointment);
    }
  });

  it('lets the medic close a past appointment', async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${yesterday}T08:00`)).json();
    const closed = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { closed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ ...appointment, closed: true });
  });

  it('answers 404 to a medic not linked to the patient, for creating, editing and deleting', async () => {
    const { medic, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const appointment = (await create(medic, idPatient, `${today}T08:00`)).json();
    expect((await create(stranger, idPatient, `${today}T09:00`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, stranger, { motive: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/clinical-history/999999', medic)).statusCode).toBe(404);
  });
});

describe('the audit trail of the record', () => {
  it('records the read and every write with the patient', async () => {
    const { medic, idPatient } = await linkedPair();
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    await call('PATCH', `/api/patients/${idPatient}`, medic, { phone: '1' });
    const allergy = (await call('POST', `/api/patients/${idPatient}/allergies`, medic, samples.allergies.add)).json();
    await call('PATCH', `/api/patients/${idPatient}/allergies/${allergy.idPatientAllergy}`, medic, { severity: 'Mild' });
    await call('DELETE', `/api/patients/${idPatient}/allergies/${allergy.idPatientAllergy}`, medic);
    const appointment = (await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T08:00`, motive: 'x' })).json();
    await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { notes: 'y' });
    await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic);
    const events = app.deps.db.$client
      .prepare("select action from audit_events where patient_id = ? and outcome = 'success' order by id")
      .all(idPatient) as { action: string }[];
    expect(events.map((event) => event.action)).toEqual([
      'patient.detail',
      'patient.update',
      'allergies.add',
      'allergies.update',
      'allergies.remove',
      'appointment.create',
      'appointment.update',
      'appointment.delete',
    ]);
  });
});
