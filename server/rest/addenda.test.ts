// Addenda (API.md "The clinical day"), through REST and tRPC alike: a linked medic adds a
// dated, signed note to an appointment of any day; the original note stays as written; addenda are
// never edited nor deleted; they show, in order, in the medic's record and the patient's own, keep
// the name their author signed with, and are audited.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { ADDENDUM_MAX, type Addendum } from '../../shared/prescriptions';
import type { ClinicalHistory } from '../../shared/record';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, register, uniqueEmail } from '../test/helpers';

// The practice's clock, in its time zone: Monday 2026-06-15 at 10:30.
const now = new Date(2026, 5, 15, 10, 30);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });

const db = () => app.deps.db;

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { id: idPatient } = (await rawGet<{ id: number }>(db(), 'select id from patients where user_id = ?', [patient.user.idUser]))!;
  const { id: idMedic } = (await rawGet<{ id: number }>(db(), 'select id from medics where user_id = ?', [medic.user.idUser]))!;
  return { medic, patient, idPatient, idMedic };
}

async function appointment(medic: Session, idPatient: number, day: string): Promise<ClinicalHistory> {
  const created = await call('POST', '/clinical-history', medic, { idPatient, date: `${day}T09:00`, motive: 'Control', notes: 'Nota original' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ClinicalHistory>();
}

interface Outcome {
  status: number;
  code: string | null;
  issues: { path: string; message: string }[];
  body: Addendum | null;
}

const transports: Record<'REST' | 'tRPC', (session: Session, idHistory: number, body: object) => Promise<Outcome>> = {
  async REST(session, idHistory, body) {
    const response = await call('POST', `/clinical-history/${idHistory}/addenda`, session, body);
    const answer = response.json();
    const failed = response.statusCode >= 400;
    return { status: response.statusCode, code: failed ? answer.code : null, issues: failed ? (answer.issues ?? []) : [], body: failed ? null : answer };
  },
  async tRPC(session, idHistory, body) {
    try {
      return { status: 201, code: null, issues: [], body: await callerFor(app, session.access_token).clinicalHistory.addAddendum({ idHistory, ...body } as never) };
    } catch (error) {
      const classified = classifyError(error);
      return { status: classified.status, code: classified.code, issues: classified.issues ?? [], body: null };
    }
  },
};

describe.each(Object.entries(transports))('adding an addendum through %s', (_name, addAddendum) => {
  it("appends a dated note signed by its author (201) to an appointment of a past day, leaving the original note as written", async () => {
    const { medic, idPatient, idMedic } = await linkedPair();
    const past = await appointment(medic, idPatient, '2026-05-02');
    const added = await addAddendum(medic, past.idHistory, { text: '  Se corrige la dosis:\n500 mg, no 250 mg.  ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      idAddendum: expect.any(Number),
      at: '2026-06-15T10:30',
      medic: { idMedic, name: 'Marta', lname: 'Solís' },
      text: 'Se corrige la dosis:\n500 mg, no 250 mg.',
    });
    const history = (await call('GET', `/medics/patients/${idPatient}`, medic)).json<{ history: ClinicalHistory[] }>().history;
    expect(history[0]).toMatchObject({ notes: 'Nota original', addenda: [added.body] });
  });

  it('takes an addendum on an appointment of today or a later day too', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const day of ['2026-06-15', '2026-06-20']) expect((await addAddendum(medic, (await appointment(medic, idPatient, day)).idHistory, { text: 'Añadido' })).status, day).toBe(201);
  });

  it(`takes 1 to ${ADDENDUM_MAX} characters and names what is wrong (400)`, async () => {
    const { medic, idPatient } = await linkedPair();
    const { idHistory } = await appointment(medic, idPatient, '2026-06-01');
    const blank = await addAddendum(medic, idHistory, { text: ' \n ' });
    expect([blank.status, blank.issues]).toEqual([400, [{ path: 'text', message: 'validation.addendumRequired' }]]);
    expect((await addAddendum(medic, idHistory, { text: 'a'.repeat(ADDENDUM_MAX + 1) })).status).toBe(400);
    expect((await addAddendum(medic, idHistory, { text: 'a'.repeat(ADDENDUM_MAX) })).status).toBe(201);
  });

  it('refuses a medic not linked (404), one under emergency access (403) and a patient (403)', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const { idHistory } = await appointment(medic, idPatient, '2026-06-01');
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await addAddendum(stranger, idHistory, { text: 'Intruso' })).status).toBe(404);
    expect((await addAddendum(medic, 999_999, { text: 'Nada' })).status).toBe(404);
    await call('POST', '/medics/emergency-access', stranger, { patientEmail: patient.user.email, reason: 'Paciente inconsciente en urgencias' });
    expect((await addAddendum(stranger, idHistory, { text: 'Urgencias' })).status).toBe(403);
    expect((await addAddendum(patient, idHistory, { text: 'Yo' })).status).toBe(403);
    expect((await rawGet<{ n: number }>(db(), 'select count(*) as n from addenda where history_id = ?', [idHistory]))!.n).toBe(0);
  });
});

describe('addenda once written', () => {
  it('show in the order written, in the medic’s record and the patient’s own, with the name their author had then', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const { idHistory } = await appointment(medic, idPatient, '2026-06-01');
    const first = (await call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text: 'Primera' })).json<Addendum>();
    await call('PATCH', '/medics/me', medic, { lname: 'Solís Ruiz' });
    const second = (await call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text: 'Segunda' })).json<Addendum>();
    expect([first.medic.lname, second.medic.lname]).toEqual(['Solís', 'Solís Ruiz']);
    const history = (await call('GET', `/medics/patients/${idPatient}`, medic)).json<{ history: ClinicalHistory[] }>().history;
    expect(history[0]!.addenda).toEqual([first, second]);
    const own = (await call('GET', '/patients/me', patient)).json<{ clinicalHistories: ClinicalHistory[] }>().clinicalHistories;
    expect(own[0]!.addenda).toEqual([first, second]);
  });

  it('are never edited nor deleted: there is no route for either, and the database refuses both', async () => {
    const { medic, idPatient } = await linkedPair();
    const { idHistory } = await appointment(medic, idPatient, '2026-06-01');
    const added = (await call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text: 'Final' })).json<Addendum>();
    for (const method of ['PATCH', 'DELETE'] as const) {
      expect((await call(method, `/clinical-history/${idHistory}/addenda/${added.idAddendum}`, medic, { text: 'Otro' })).statusCode).toBe(404);
    }
    await expect(rawRun(db(), "update addenda set text = 'otro' where id = ?", [added.idAddendum])).rejects.toThrow(/never edited/);
    await expect(rawRun(db(), 'delete from addenda where id = ?', [added.idAddendum])).rejects.toThrow(/never deleted/);
  });

  it('keep their appointment: deleting one of today that holds an addendum answers 409 APPOINTMENT_HAS_PRESCRIPTIONS', async () => {
    const { medic, idPatient } = await linkedPair();
    const { idHistory } = await appointment(medic, idPatient, '2026-06-15');
    await call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text: 'Aclaración' });
    const refused = await call('DELETE', `/clinical-history/${idHistory}`, medic);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'APPOINTMENT_HAS_PRESCRIPTIONS']);
    expect((await call('GET', `/medics/patients/${idPatient}`, medic)).json().history).toHaveLength(1);
  });

  it('are audited with the patient, written or refused', async () => {
    const { medic, idPatient } = await linkedPair();
    const { idHistory } = await appointment(medic, idPatient, '2026-06-01');
    await call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text: 'Auditada' });
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    await call('POST', `/clinical-history/${idHistory}/addenda`, stranger, { text: 'Rechazada' });
    const events = await rawRows(db(), `select outcome, patient_id as "patientId" from audit_events where action = 'addendum.create' and patient_id = ? order by id`, [idPatient]);
    expect(events).toEqual([
      { outcome: 'success', patientId: idPatient },
      { outcome: 'denied', patientId: idPatient },
    ]);
  });
});
