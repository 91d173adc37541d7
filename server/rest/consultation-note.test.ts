// The consultation note of an appointment (API.md "The clinical day"): its four texts, its diagnoses
// named from the catalog, and who holds it, written and read through REST and tRPC alike, and read
// back the same from the appointment's own answer, the medic's record and the patient's.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localMoment } from '../../shared/dates';
import type { ClinicalHistory } from '../../shared/record';
import { NOTE_FIELD_MAX } from '../../shared/record';
import { rawGet } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, errorOf, register, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir, testDiagnosisName } from '../test/test-catalog';

// A fixed "now" in the practice's time zone, so "today" is known.
const now = new Date(2026, 5, 15, 10, 30);
const today = localMoment(now).slice(0, 10);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now, config: testConfig({ catalogDir: testCatalogDir() }) });
});
afterAll(() => app.close());

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

const appointmentCount = async (idPatient: number) =>
  (await rawGet<{ n: number }>(app.deps.db, 'select count(*) as n from clinical_histories where patient_id = ?', [idPatient]))!.n;

interface Outcome {
  status: number;
  code: string | null;
  message: string;
  issues: { path: string; message: string }[];
  body: ClinicalHistory;
}

/** Create and edit, through either transport, answering alike. */
const transports = {
  async REST(session: Session, method: 'POST' | 'PATCH', fields: Record<string, unknown>): Promise<Outcome> {
    const { idHistory, ...body } = fields;
    const url = method === 'POST' ? '/api/clinical-history' : `/api/clinical-history/${String(idHistory)}`;
    const response = await app.inject({ method, url, headers: bearer(session.access_token), payload: body });
    const answer = response.json();
    const failed = response.statusCode >= 400;
    return { status: response.statusCode, code: failed ? answer.code : null, message: failed ? answer.message : '', issues: failed ? (answer.issues ?? []) : [], body: answer };
  },
  async tRPC(session: Session, method: 'POST' | 'PATCH', fields: Record<string, unknown>): Promise<Outcome> {
    const caller = callerFor(app, session.access_token);
    try {
      const body = method === 'POST' ? await caller.clinicalHistory.create(fields as never) : await caller.clinicalHistory.update(fields as never);
      return { status: method === 'POST' ? 201 : 200, code: null, message: '', issues: [], body };
    } catch (error) {
      const classified = classifyError(error);
      return { status: classified.status, code: classified.code, message: classified.message, issues: classified.issues ?? [], body: undefined as never };
    }
  },
};

const note = {
  subjective: 'Cefalea de tres días, opresiva, sin fiebre.\nEmpeora por la tarde.',
  exploration: 'TA 150/95 mmHg. Fondo de ojo normal. Sin focalidad neurológica.',
  plan: 'Losartán 50 mg cada 24 h por vía oral. Control en dos semanas.',
  prognosis: 'Bueno para la vida y la función.',
};

describe.each(Object.entries(transports))('the consultation note through %s', (_name, write) => {
  it('keeps the four texts and the diagnoses, named from the catalog, and answers who holds the appointment', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await write(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Dolor de cabeza', ...note, diagnoses: ['r51', 'I10'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...note,
      diagnoses: [
        { code: 'R51', name: testDiagnosisName('R51') },
        { code: 'I10', name: testDiagnosisName('I10') },
      ],
      diagnosisIds: ['R51', 'I10'],
      medic: { idMedic: created.body.idMedic, name: 'Marta', lname: 'Solís' },
    });
  });

  it('stores the codes of diagnosisIds written alone, with their catalog names, however the codes are written', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await write(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Control', diagnosisIds: ['E119', 'e11.9', 'J45.9'] });
    expect(created.status).toBe(201);
    expect(created.body.diagnosisIds).toEqual(['E11.9', 'J45.9']);
    expect(created.body.diagnoses).toEqual([
      { code: 'E11.9', name: testDiagnosisName('E11.9') },
      { code: 'J45.9', name: testDiagnosisName('J45.9') },
    ]);
    const edited = await write(medic, 'PATCH', { idHistory: created.body.idHistory, diagnosisIds: ['K29.7'] });
    expect(edited.body).toMatchObject({ diagnosisIds: ['K29.7'], diagnoses: [{ code: 'K29.7', name: testDiagnosisName('K29.7') }] });
  });

  it('refuses a code the catalog does not hold (400 VALIDATION_FAILED naming it), and stores nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await appointmentCount(idPatient);
    for (const field of ['diagnoses', 'diagnosisIds']) {
      const refused = await write(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Control', [field]: ['I10', 'X99.9'] });
      expect(refused.status).toBe(400);
      expect(refused.code).toBe('VALIDATION_FAILED');
      expect(refused.message).toContain('"X99.9"');
      expect(refused.issues).toEqual([{ path: field, message: 'validation.diagnosisUnknown' }]);
    }
    expect(await appointmentCount(idPatient)).toBe(before);

    const appointment = await write(medic, 'POST', { idPatient, date: `${today}T11:00`, motive: 'Control', diagnoses: ['I10'] });
    const edit = await write(medic, 'PATCH', { idHistory: appointment.body.idHistory, motive: 'Otro', diagnoses: ['texto libre'] });
    expect(edit.status).toBe(400);
    expect(edit.message).toContain('"texto libre"');
    const stored = await rawGet(app.deps.db, 'select motive, diagnosis_ids as ids from clinical_histories where id = ?', [appointment.body.idHistory]);
    expect(stored).toEqual({ motive: 'Control', ids: '["I10"]' });
  });

  it('takes diagnoses over diagnosisIds when both are sent, and clears both with an empty list', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await write(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Control', diagnoses: ['N39.0'], diagnosisIds: ['I10'] });
    expect(created.body.diagnosisIds).toEqual(['N39.0']);
    const cleared = await write(medic, 'PATCH', { idHistory: created.body.idHistory, diagnoses: [] });
    expect(cleared.body).toMatchObject({ diagnoses: [], diagnosisIds: [] });
    // An edit that names neither leaves them as they are.
    const renamed = await write(medic, 'PATCH', { idHistory: created.body.idHistory, diagnoses: ['I10'] });
    expect((await write(medic, 'PATCH', { idHistory: created.body.idHistory, plan: 'Reposo' })).body.diagnoses).toEqual(renamed.body.diagnoses);
  });

  it('takes each text up to 10,000 characters, refuses one more naming the field, and clears a text with ""', async () => {
    const { medic, idPatient } = await linkedPair();
    const longest = 'a'.repeat(NOTE_FIELD_MAX);
    const created = await write(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Control', subjective: longest, exploration: longest, plan: longest, prognosis: longest });
    expect(created.status).toBe(201);
    expect(created.body.plan).toHaveLength(NOTE_FIELD_MAX);
    for (const field of Object.keys(note)) {
      const refused = await write(medic, 'PATCH', { idHistory: created.body.idHistory, [field]: `${longest}a` });
      expect(refused.status, field).toBe(400);
      expect(refused.issues.map((issue) => issue.path)).toEqual([field]);
    }
    const cleared = await write(medic, 'PATCH', { idHistory: created.body.idHistory, subjective: '', prognosis: null });
    expect(cleared.body).toMatchObject({ subjective: null, prognosis: null, plan: longest });
  });

  it('answers null and [] for a note not written', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await write(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Control' });
    expect(created.body).toMatchObject({ subjective: null, exploration: null, plan: null, prognosis: null, diagnoses: [], diagnosisIds: [] });
  });
});

describe('the note as the record reads it', () => {
  it('is the same in the appointment answer, the medic record by REST and tRPC, and the patient record', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const created = (await transports.REST(medic, 'POST', { idPatient, date: `${today}T09:00`, motive: 'Control', ...note, diagnoses: ['I10'] })).body;
    const rest = (await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) })).json();
    const trpc = await callerFor(app, medic.access_token).medics.patientDetail({ idPatient });
    const own = (await app.inject({ method: 'GET', url: '/api/patients/me', headers: bearer(patient.access_token) })).json();
    expect(rest.history).toEqual([created]);
    expect(JSON.parse(JSON.stringify(trpc.history))).toEqual([created]);
    expect(own.clinicalHistories).toEqual([created]);
  });

  it("names the holder of another medic's appointment: the medic who created it", async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const other = await register(app, { type: 'medic', email: uniqueEmail('other'), name: 'Luis', lname: 'Vega' });
    const asked = await app.inject({ method: 'POST', url: '/api/medics/link-patient', headers: bearer(other.access_token), payload: { patientEmail: patient.user.email } });
    const { idRequest } = asked.json().request;
    await app.inject({ method: 'POST', url: `/api/patients/me/link-requests/${idRequest}/accept`, headers: bearer(patient.access_token) });
    await transports.REST(other, 'POST', { idPatient, date: `${today}T12:00`, motive: 'Segunda opinión' });
    const { history } = (await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) })).json();
    expect(history[0].medic).toMatchObject({ name: 'Luis', lname: 'Vega' });
  });

  it('answers 400 with the documented error body for an unknown code through REST', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await app.inject({
      method: 'POST',
      url: '/api/clinical-history',
      headers: bearer(medic.access_token),
      payload: { idPatient, date: `${today}T09:00`, motive: 'Control', diagnoses: ['Z99.99'] },
    });
    expect(errorOf(response)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'Invalid input. diagnoses: "Z99.99" is not a code of the diagnosis catalog',
      issues: [{ path: 'diagnoses', message: 'validation.diagnosisUnknown' }],
    });
  });
});
