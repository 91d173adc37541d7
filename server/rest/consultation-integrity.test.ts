// A consultation that stays as it was written (API.md, NOM-004-SSA3-2012), through REST and tRPC:
// the note is its author's (a colleague linked to the same patient is refused NOT_AUTHOR and adds an
// addendum instead); a past note is not reopened; a note written after its day says so (writtenAt,
// lateEntry); nothing is booked more than a year ahead; a vital sign or lab result recorded at a
// consultation is created, changed or deleted on its day only; and the database itself keeps a
// note's author and a measurement's consultation.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { ClinicalHistory } from '../../shared/record';
import { rawGet, rawRun } from '../db/raw-sql';
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

/** A patient linked to two medics: the author of its appointments and a colleague. */
async function sharedPatient() {
  const author = await register(app, { type: 'medic', email: uniqueEmail('author') });
  const colleague = await register(app, { type: 'medic', email: uniqueEmail('colleague') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: author.user.email });
  expect((await call('POST', '/patients/me/link-doctor', patient, { doctorEmail: colleague.user.email })).statusCode).toBe(200);
  const { id: idPatient } = (await rawGet<{ id: number }>(db(), 'select id from patients where user_id = ?', [patient.user.idUser]))!;
  return { author, colleague, idPatient };
}

async function book(medic: Session, idPatient: number, date: string): Promise<ClinicalHistory> {
  const created = await call('POST', '/clinical-history', medic, { idPatient, date, motive: 'Control', notes: 'Nota original' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ClinicalHistory>();
}

type Change = (session: Session, idHistory: number, changes: Record<string, unknown>) => Promise<{ status: number; code: string | null; path?: string }>;
const transports: Record<'REST' | 'tRPC', { update: Change; remove: (session: Session, idHistory: number) => Promise<{ status: number; code: string | null }> }> = {
  REST: {
    async update(session, idHistory, changes) {
      const response = await call('PATCH', `/clinical-history/${idHistory}`, session, changes);
      const body = response.json();
      return { status: response.statusCode, code: response.statusCode >= 400 ? body.code : null, path: body.issues?.[0]?.path };
    },
    async remove(session, idHistory) {
      const response = await call('DELETE', `/clinical-history/${idHistory}`, session);
      return { status: response.statusCode, code: response.statusCode >= 400 ? response.json().code : null };
    },
  },
  tRPC: {
    async update(session, idHistory, changes) {
      try {
        await callerFor(app, session.access_token).clinicalHistory.update({ idHistory, ...changes } as never);
        return { status: 200, code: null };
      } catch (error) {
        const classified = classifyError(error);
        return { status: classified.status, code: classified.code, path: classified.issues?.[0]?.path };
      }
    },
    async remove(session, idHistory) {
      try {
        await callerFor(app, session.access_token).clinicalHistory.remove({ idHistory });
        return { status: 200, code: null };
      } catch (error) {
        const classified = classifyError(error);
        return { status: classified.status, code: classified.code };
      }
    },
  },
};

describe.each(Object.entries(transports))('a consultation through %s', (_name, t) => {
  it("refuses a colleague's edit, move, closing or cancellation with 403 NOT_AUTHOR, keeps the author's name, and takes the colleague's addendum", async () => {
    const { author, colleague, idPatient } = await sharedPatient();
    const today = await book(author, idPatient, '2026-06-15T09:00');
    const coming = await book(author, idPatient, '2026-06-20T09:00');
    for (const changes of [{ notes: 'Reescrita por otro' }, { plan: 'Otro plan' }, { closed: true }]) {
      expect(await t.update(colleague, today.idHistory, changes)).toMatchObject({ status: 403, code: 'NOT_AUTHOR' });
    }
    expect(await t.update(colleague, coming.idHistory, { date: '2026-06-22T09:00' })).toMatchObject({ status: 403, code: 'NOT_AUTHOR' });
    expect(await t.remove(colleague, coming.idHistory)).toMatchObject({ status: 403, code: 'NOT_AUTHOR' });
    const stored = await rawGet(db(), 'select notes, plan, closed, medic_id as "medicId" from clinical_histories where id = ?', [today.idHistory]);
    expect(stored).toEqual({ notes: 'Nota original', plan: null, closed: 0, medicId: today.idMedic });
    expect(await rawGet(db(), 'select count(*) as n from clinical_histories where id = ?', [coming.idHistory])).toEqual({ n: 1 });

    const addendum = await call('POST', `/clinical-history/${today.idHistory}/addenda`, colleague, { text: 'Visto también por mí.' });
    expect(addendum.statusCode).toBe(201);
    expect((await t.update(author, today.idHistory, { notes: 'Completada por su autor' })).status).toBe(200);
  });

  it('lets its author close a past note, but not reopen it (409 APPOINTMENT_LOCKED)', async () => {
    const { author, idPatient } = await sharedPatient();
    const past = await book(author, idPatient, '2026-03-02T09:00');
    expect((await t.update(author, past.idHistory, { closed: true })).status).toBe(200);
    expect(await t.update(author, past.idHistory, { closed: false })).toMatchObject({ status: 409, code: 'APPOINTMENT_LOCKED' });
    expect(await rawGet(db(), 'select closed from clinical_histories where id = ?', [past.idHistory])).toEqual({ closed: 1 });
    const today = await book(author, idPatient, '2026-06-15T11:00');
    expect((await t.update(author, today.idHistory, { closed: true })).status).toBe(200);
    expect((await t.update(author, today.idHistory, { closed: false })).status).toBe(200);
  });

  it('refuses a day more than a year ahead (400 on date), booking or moving', async () => {
    const { author, idPatient } = await sharedPatient();
    const far = await call('POST', '/clinical-history', author, { idPatient, date: '2027-06-16T09:00', motive: 'Control' });
    expect([far.statusCode, far.json().code, far.json().issues?.[0]]).toEqual([400, 'VALIDATION_FAILED', { path: 'date', message: 'validation.appointmentTooFar' }]);
    expect((await call('POST', '/clinical-history', author, { idPatient, date: '2027-06-15T09:00', motive: 'Control' })).statusCode).toBe(201);
    const coming = await book(author, idPatient, '2026-07-01T09:00');
    expect(await t.update(author, coming.idHistory, { date: '2027-07-01T09:00' })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', path: 'date' });
  });
});

describe('when a note was written', () => {
  it('says writtenAt, and lateEntry for a consultation recorded after its day, in the record the medic and the patient read', async () => {
    const { author, idPatient } = await sharedPatient();
    const onTime = await book(author, idPatient, '2026-06-15T08:00');
    const late = await book(author, idPatient, '2026-06-10T09:00');
    expect(onTime).toMatchObject({ writtenAt: now.toISOString(), lateEntry: false });
    expect(late).toMatchObject({ writtenAt: now.toISOString(), lateEntry: true });
    const history = (await call('GET', `/medics/patients/${idPatient}`, author)).json<{ history: ClinicalHistory[] }>().history;
    expect(history.map((item) => [item.idHistory, item.lateEntry])).toEqual([
      [onTime.idHistory, false],
      [late.idHistory, true],
    ]);
  });
});

describe.each(['vitals', 'labs'] as const)('%s recorded at a consultation', (list) => {
  const fields = list === 'vitals' ? { systolic: 190, diastolic: 110 } : { testName: 'Glucosa', value: '180', unit: 'mg/dL' };
  const idName = list === 'vitals' ? 'idVital' : 'idLabs';
  const add = (medic: Session, idPatient: number, body: Record<string, unknown>) => call('POST', `/patients/${idPatient}/${list}`, medic, { ...fields, ...body });

  it("are taken on the consultation's day, carry it, and are refused (409) for a past one: create, edit or delete", async () => {
    const { author, idPatient } = await sharedPatient();
    const today = await book(author, idPatient, '2026-06-15T09:00');
    const past = await book(author, idPatient, '2026-03-02T09:00');
    const taken = await add(author, idPatient, { date: '2026-06-15', idHistory: today.idHistory });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ idHistory: today.idHistory });

    const late = await add(author, idPatient, { date: '2026-03-02', idHistory: past.idHistory });
    expect([late.statusCode, late.json().code]).toEqual([409, 'APPOINTMENT_LOCKED']);
    // A later measurement is an entry of its own, on any date.
    expect((await add(author, idPatient, { date: '2026-03-02' })).statusCode).toBe(201);

    // The same reading, once its consultation's day has passed (the practice's clock moves on a day).
    const id = taken.json()[idName] as number;
    await rawRun(db(), 'update clinical_histories set date = ? where id = ?', ['2026-06-14T09:00', today.idHistory]);
    try {
      const edited = await call('PATCH', `/patients/${idPatient}/${list}/${id}`, author, { date: '2026-06-14' });
      expect([edited.statusCode, edited.json().code]).toEqual([409, 'APPOINTMENT_LOCKED']);
      const removed = await call('DELETE', `/patients/${idPatient}/${list}/${id}`, author);
      expect([removed.statusCode, removed.json().code]).toEqual([409, 'APPOINTMENT_LOCKED']);
    } finally {
      await rawRun(db(), 'update clinical_histories set date = ? where id = ?', ['2026-06-15T09:00', today.idHistory]);
    }
    expect((await call('DELETE', `/patients/${idPatient}/${list}/${id}`, author)).statusCode).toBe(204);
  });

  it("name no other patient's consultation (404), and never move to another one, even by SQL", async () => {
    const first = await sharedPatient();
    const second = await sharedPatient();
    const theirs = await book(second.author, second.idPatient, '2026-06-15T10:00');
    const ours = await book(first.author, first.idPatient, '2026-06-15T11:00');
    const foreign = await add(first.author, first.idPatient, { date: '2026-06-15', idHistory: theirs.idHistory });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const taken = await add(first.author, first.idPatient, { date: '2026-06-15', idHistory: ours.idHistory });
    const other = await book(first.author, first.idPatient, '2026-06-15T12:00');
    await expect(rawRun(db(), `update ${list} set history_id = ? where id = ?`, [other.idHistory, taken.json()[idName]])).rejects.toThrow(/stays with the consultation/);
  });
});

describe('the database itself', () => {
  it("keeps a note's author and the moment it was written, whatever SQL asks", async () => {
    const { author, colleague, idPatient } = await sharedPatient();
    const note = await book(author, idPatient, '2026-06-15T13:00');
    const colleagueMedic = (await rawGet<{ id: number }>(db(), 'select id from medics where user_id = ?', [colleague.user.idUser]))!.id;
    await expect(rawRun(db(), 'update clinical_histories set medic_id = ? where id = ?', [colleagueMedic, note.idHistory])).rejects.toThrow(/keeps its author/);
    await expect(rawRun(db(), 'update clinical_histories set created_at = ? where id = ?', ['2026-06-01T00:00:00.000Z', note.idHistory])).rejects.toThrow(/keeps its author/);
  });
});
