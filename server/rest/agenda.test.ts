// The medic's agenda (API.md "The clinical day"): GET /medics/agenda and its tRPC twin answer the
// caller's own appointments with linked patients over a range of days, by date then start, and
// refuse ranges that are backwards, too long or not dates. Moving and cancelling a booked appointment
// from it follow the today-or-later rule.
import { openTestDatabase, testEngine } from '../test/engine-under-test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../shared/agenda';
import type { Session } from '../../shared/auth';
import { classifyError } from '../error-mapping';
import { sqliteEngineOf } from '../db/engine';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, callerFor, errorOf, register, uniqueEmail } from '../test/helpers';

// A fixed "now" in the practice's time zone: Monday 2026-06-15 at 10:30 local time.
const now = new Date(2026, 5, 15, 10, 30);
const TODAY = '2026-06-15';

let app: FastifyInstance;
const statements: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({ db: await openTestDatabase({ logQuery: (query) => void statements.push(query) }), now: () => now });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });

interface Answer {
  status: number;
  code: string | null;
  issues: { path: string; message: string }[] | null;
  appointments: AgendaItem[];
}

/** The agenda read through one transport, as {status, code, issues, appointments}. */
type ReadAgenda = (session: Session | undefined, range: { from?: string; to?: string }) => Promise<Answer>;

const viaRest: ReadAgenda = async (session, range) => {
  const query = new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const response = await call('GET', `/api/medics/agenda${query ? `?${query}` : ''}`, session);
  if (response.statusCode !== 200) {
    const error = errorOf(response);
    return { status: response.statusCode, code: error.code, issues: error.issues ?? null, appointments: [] };
  }
  return { status: 200, code: null, issues: null, appointments: response.json<{ appointments: AgendaItem[] }>().appointments };
};

const viaTrpc: ReadAgenda = async (session, range) => {
  try {
    const { appointments } = await callerFor(app, session?.access_token).medics.agenda(range);
    return { status: 200, code: null, issues: null, appointments };
  } catch (error) {
    const classified = classifyError(error);
    return { status: classified.status, code: classified.code, issues: classified.issues ?? null, appointments: [] };
  }
};

/** A medic with a patient who named them on registering, and that patient's record id. */
async function medicWithPatient(patientName = { name: 'Lucía', lname: 'Hernández' }) {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await addPatient(medic, patientName);
  return { medic, ...patient };
}

async function addPatient(medic: Session, name: { name: string; lname: string }) {
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email, ...name });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { patient, idPatient };
}

async function book(medic: Session, idPatient: number, date: string, extra: object = {}): Promise<number> {
  const response = await call('POST', '/api/clinical-history', medic, { idPatient, date, motive: 'Control', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ idHistory: number }>().idHistory;
}

const idsOf = (answer: Pick<Answer, 'appointments'>) => answer.appointments.map((item) => item.idHistory);

describe.each([
  ['REST', viaRest],
  ['tRPC', viaTrpc],
] as const)('the agenda through %s', (_transport, readAgenda) => {
  it("answers today's appointments when no range is given, as AgendaItems with the patient's name and birth date", async () => {
    const { medic, idPatient } = await medicWithPatient();
    await rawRun(app.deps.db, 'update patients set birth_date = ? where id = ?', ['1990-04-02', idPatient]);
    const todays = await book(medic, idPatient, `${TODAY}T09:00`, { end: '09:30', motive: 'Revisión' });
    await book(medic, idPatient, '2026-06-14T09:00');
    await book(medic, idPatient, '2026-06-16T09:00');

    const answer = await readAgenda(medic, {});
    expect(answer.status).toBe(200);
    expect(answer.appointments).toEqual([
      {
        idHistory: todays,
        idPatient,
        patient: { name: 'Lucía', lname: 'Hernández', birthDate: '1990-04-02' },
        date: `${TODAY}T09:00`,
        start: '09:00',
        end: '09:30',
        motive: 'Revisión',
        closed: false,
      },
    ]);
  });

  it('takes a missing end as the start day, and a missing start as today', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const tomorrow = await book(medic, idPatient, '2026-06-16T12:00');
    const later = await book(medic, idPatient, '2026-06-20T12:00');
    expect(idsOf(await readAgenda(medic, { from: '2026-06-16' }))).toEqual([tomorrow]);
    expect(idsOf(await readAgenda(medic, { to: '2026-06-20' }))).toEqual([tomorrow, later]);
  });

  it('covers both ends of the range, to the last minute of its last day', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const before = await book(medic, idPatient, '2026-06-21T23:59');
    const first = await book(medic, idPatient, '2026-06-22T00:00');
    const last = await book(medic, idPatient, '2026-06-28T23:59');
    const after = await book(medic, idPatient, '2026-06-29T00:00');
    const week = idsOf(await readAgenda(medic, { from: '2026-06-22', to: '2026-06-28' }));
    expect(week).toEqual([first, last]);
    expect(week).not.toContain(before);
    expect(week).not.toContain(after);
  });

  it('orders by date, then start', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const { idPatient: other } = await addPatient(medic, { name: 'Mateo', lname: 'Gómez' });
    const lateMonday = await book(medic, idPatient, '2026-07-06T16:00');
    const tuesday = await book(medic, other, '2026-07-07T08:00');
    const earlyMonday = await book(medic, other, '2026-07-06T08:30');
    const noonMonday = await book(medic, idPatient, '2026-07-06T12:00');
    const answer = await readAgenda(medic, { from: '2026-07-06', to: '2026-07-12' });
    expect(idsOf(answer)).toEqual([earlyMonday, noonMonday, lateMonday, tuesday]);
    expect(answer.appointments.map((item) => `${item.date.slice(0, 10)} ${item.start}`)).toEqual([
      '2026-07-06 08:30',
      '2026-07-06 12:00',
      '2026-07-06 16:00',
      '2026-07-07 08:00',
    ]);
  });

  it("shows only the caller's own appointments: never another medic's with the same patient", async () => {
    const { medic, patient, idPatient } = await medicWithPatient();
    const colleague = await register(app, { type: 'medic', email: uniqueEmail('colleague') });
    const linked = await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail: colleague.user.email });
    expect(linked.statusCode).toBe(200);
    const mine = await book(medic, idPatient, '2026-06-17T10:00');
    const theirs = await book(colleague, idPatient, '2026-06-17T10:00');
    expect(idsOf(await readAgenda(medic, { from: '2026-06-17' }))).toEqual([mine]);
    expect(idsOf(await readAgenda(colleague, { from: '2026-06-17' }))).toEqual([theirs]);
  });

  it('leaves out the appointments of a patient who has unlinked the medic', async () => {
    const { medic, patient, idPatient } = await medicWithPatient();
    const { idPatient: staying } = await addPatient(medic, { name: 'Mateo', lname: 'Gómez' });
    await book(medic, idPatient, '2026-06-18T10:00');
    const kept = await book(medic, staying, '2026-06-18T11:00');
    const { idMedic } = (await call('GET', '/api/medics/me', medic)).json<{ idMedic: number }>();
    expect((await call('DELETE', `/api/patients/me/unlink-doctor/${idMedic}`, patient)).statusCode).toBe(204);
    expect(idsOf(await readAgenda(medic, { from: '2026-06-18' }))).toEqual([kept]);
  });

  it('reads 62 days at once, and refuses 63 with 400 naming the end of the range', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const last = await book(medic, idPatient, '2026-08-31T10:00');
    expect(idsOf(await readAgenda(medic, { from: '2026-07-01', to: '2026-08-31' }))).toEqual([last]);
    const tooLong = await readAgenda(medic, { from: '2026-07-01', to: '2026-09-01' });
    expect([tooLong.status, tooLong.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(tooLong.issues).toEqual([{ path: 'to', message: 'validation.agendaRangeTooLong' }]);
    // With the start left to today, the same rule holds.
    const fromToday = await readAgenda(medic, { to: '2026-08-16' });
    expect(fromToday.issues).toEqual([{ path: 'to', message: 'validation.agendaRangeTooLong' }]);
  });

  it('refuses an end before the start with 400, also when the start is today by default', async () => {
    const { medic } = await medicWithPatient();
    const backwards = await readAgenda(medic, { from: '2026-06-20', to: '2026-06-19' });
    expect([backwards.status, backwards.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(backwards.issues).toEqual([{ path: 'to', message: 'validation.agendaRangeOrder' }]);
    const beforeToday = await readAgenda(medic, { to: '2026-06-14' });
    expect(beforeToday.issues).toEqual([{ path: 'to', message: 'validation.agendaRangeOrder' }]);
  });

  it.each([['2026-02-30'], ['2026-6-1'], ['mañana'], ['2026-06-15T10:00'], ['  ']])('refuses %j as a date with 400', async (bad) => {
    const { medic } = await medicWithPatient();
    const answer = await readAgenda(medic, { from: bad });
    expect([answer.status, answer.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(answer.issues?.map((issue) => issue.path)).toEqual(['from']);
  });

  it('answers 403 to a patient and 401 to no one', async () => {
    const { patient } = await medicWithPatient();
    expect((await readAgenda(patient, {})).code).toBe('FORBIDDEN');
    expect((await readAgenda(patient, {})).status).toBe(403);
    expect((await readAgenda(undefined, {})).status).toBe(401);
  });
});

describe('GET /api/medics/agenda', () => {
  it('treats an empty from= or to= as not given', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const todays = await book(medic, idPatient, `${TODAY}T11:00`);
    const response = await call('GET', '/api/medics/agenda?from=&to=', medic);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ appointments: AgendaItem[] }>().appointments.map((item) => item.idHistory)).toEqual([todays]);
  });

  it('is audited as one read of the agenda, naming the range and how many appointments it held', async () => {
    const { medic, idPatient } = await medicWithPatient();
    await book(medic, idPatient, '2026-06-22T10:00');
    await book(medic, idPatient, '2026-06-23T10:00');
    const before = (await rawGet<{ id: number }>(app.deps.db, 'select max(id) as id from audit_events'))!.id;
    expect((await call('GET', '/api/medics/agenda?from=2026-06-22&to=2026-06-28', medic)).statusCode).toBe(200);
    const events = await rawRows(app.deps.db, 'select action, outcome, actor_user_id as "userId", patient_id as "patientId", detail from audit_events where id > ?', [before]);
    expect(events).toEqual([
      { action: 'agenda.read', outcome: 'success', userId: medic.user.idUser, patientId: null, detail: '2026-06-22..2026-06-28: 2 appointments' },
    ]);
  });

  const readWeekStatements = async (medic: Session) => {
    statements.length = 0;
    expect((await call('GET', '/api/medics/agenda?from=2026-09-07&to=2026-09-13', medic)).statusCode).toBe(200);
    return statements.filter((query) => query.includes('from "clinical_histories"'));
  };

  it('reads a week in one statement, however many appointments it holds', async () => {
    const { medic, idPatient } = await medicWithPatient();
    await book(medic, idPatient, '2026-09-07T09:00');
    const withOne = await readWeekStatements(medic);
    for (let hour = 10; hour < 18; hour += 1) await book(medic, idPatient, `2026-09-08T${hour}:00`);
    const withNine = await readWeekStatements(medic);
    expect(withOne).toHaveLength(1);
    expect(withNine).toHaveLength(1);
  });

  // The plan is SQLite's, asked with its EXPLAIN QUERY PLAN of the connection the reads outside a
  // transaction run on; PostgreSQL plans by its statistics, and its index is checked by the schema's test.
  it.skipIf(testEngine === 'postgres')('reads the week from the agenda index alone, in its order', async () => {
    const { medic, idPatient } = await medicWithPatient();
    await book(medic, idPatient, '2026-09-07T09:00');
    const [statement] = await readWeekStatements(medic);
    const plan = sqliteEngineOf(app.deps.db)
      .reader.prepare(`explain query plan ${statement}`)
      .all(1, '2026-09-07', '2026-09-13T23:59') as { detail: string }[];
    const steps = plan.map((step) => step.detail).join('\n');
    // From the index alone, already in the agenda's order: no row of the table read, nothing sorted.
    expect(steps).toMatch(/clinical_histories USING COVERING INDEX clinical_histories_medic_agenda_idx \(medic_id=\? AND date>\? AND date<\?\)/);
    expect(steps).not.toMatch(/SCAN|TEMP B-TREE/);
  });
});

describe('a week read again (kept in memory at the agenda_version)', () => {
  const week = { from: '2026-10-05', to: '2026-10-11' };
  const read = async (medic: Session) => {
    statements.length = 0;
    const answer = await viaRest(medic, week);
    expect(answer.status).toBe(200);
    return { appointments: answer.appointments, statements: statements.filter((query) => query.includes('from "clinical_histories"')).length };
  };

  it('is answered without reading the appointments again while nothing it shows has changed, and audited each time', async () => {
    const { medic, idPatient } = await medicWithPatient();
    await book(medic, idPatient, '2026-10-05T09:00');
    const first = await read(medic);
    const again = await read(medic);
    expect(again.statements).toBe(0);
    expect(again.appointments).toEqual(first.appointments);
    const audited = await rawGet<{ n: number }>(app.deps.db, "select count(*) as n from audit_events where actor_user_id = ? and action = 'agenda.read' and detail = ?", [
      medic.user.idUser,
      '2026-10-05..2026-10-11: 1 appointments',
    ]);
    expect(audited!.n).toBe(2);
  });

  it('shows on the very next read an appointment booked, moved, renamed in its motive, cancelled or closed', async () => {
    const { medic, idPatient } = await medicWithPatient();
    await read(medic);
    const booked = await book(medic, idPatient, '2026-10-06T09:00');
    expect(idsOf(await read(medic))).toEqual([booked]);
    const trpc = callerFor(app, medic.access_token);
    await trpc.clinicalHistory.update({ idHistory: booked, date: '2026-10-07T12:00', motive: 'Revisión' });
    expect((await read(medic)).appointments).toMatchObject([{ idHistory: booked, date: '2026-10-07T12:00', start: '12:00', motive: 'Revisión', closed: false }]);
    // Written by another process (or by hand): the version is the database's, not this server's.
    await rawRun(app.deps.db, 'update clinical_histories set closed = 1 where id = ?', [booked]);
    expect((await read(medic)).appointments).toMatchObject([{ idHistory: booked, closed: true }]);
    await rawRun(app.deps.db, 'update clinical_histories set closed = 0 where id = ?', [booked]);
    await trpc.clinicalHistory.remove({ idHistory: booked });
    expect(idsOf(await read(medic))).toEqual([]);
  });

  it("shows on the very next read a patient's new name and birth date, and drops a patient who unlinks", async () => {
    const { medic, patient, idPatient } = await medicWithPatient({ name: 'Inés', lname: 'Prado' });
    await book(medic, idPatient, '2026-10-08T10:00');
    expect((await read(medic)).appointments[0]!.patient).toEqual({ name: 'Inés', lname: 'Prado', birthDate: null });
    const changed = await call('PATCH', `/api/patients/${idPatient}`, medic, { birthDate: '1980-02-03' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read(medic)).appointments[0]!.patient).toEqual({ name: 'Inés', lname: 'Prado', birthDate: '1980-02-03' });
    await rawRun(app.deps.db, "update users set name = 'Inés María', lname = 'Prado Ruiz' where id = ?", [patient.user.idUser]);
    expect((await read(medic)).appointments[0]!.patient).toEqual({ name: 'Inés María', lname: 'Prado Ruiz', birthDate: '1980-02-03' });
    const { idMedic } = (await call('GET', '/api/medics/me', medic)).json<{ idMedic: number }>();
    expect((await call('DELETE', `/api/patients/me/unlink-doctor/${idMedic}`, patient)).statusCode).toBe(204);
    expect((await read(medic)).appointments).toEqual([]);
    expect((await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail: medic.user.email })).statusCode).toBe(200);
    expect((await read(medic)).appointments).toHaveLength(1);
  });

  it("is kept apart per medic: a colleague's change does not show, and neither does their week", async () => {
    const { medic, patient, idPatient } = await medicWithPatient();
    const colleague = await register(app, { type: 'medic', email: uniqueEmail('colleague') });
    expect((await call('POST', '/api/patients/me/link-doctor', patient, { doctorEmail: colleague.user.email })).statusCode).toBe(200);
    const mine = await book(medic, idPatient, '2026-10-09T09:00');
    expect(idsOf(await read(medic))).toEqual([mine]);
    const theirs = await book(colleague, idPatient, '2026-10-09T10:00');
    expect(idsOf(await read(colleague))).toEqual([theirs]);
    const again = await read(medic);
    expect(again.statements).toBe(0);
    expect(idsOf(again)).toEqual([mine]);
  });
});

describe('a booked appointment in the agenda (today or later may change)', () => {
  it('is moved and cancelled through tRPC as through REST, and the agenda follows', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const trpc = callerFor(app, medic.access_token);
    const booked = await trpc.clinicalHistory.create({ idPatient, date: '2026-06-24T09:00', end: '09:30', motive: 'Primera visita' });
    const moved = await trpc.clinicalHistory.update({ idHistory: booked.idHistory, date: '2026-06-25T12:00', end: '12:45' });
    expect(moved).toMatchObject({ date: '2026-06-25T12:00', start: '12:00', end: '12:45', motive: 'Primera visita' });
    expect(idsOf(await viaTrpc(medic, { from: '2026-06-24' }))).toEqual([]);
    expect((await viaTrpc(medic, { from: '2026-06-25' })).appointments[0]).toMatchObject({ start: '12:00', end: '12:45' });
    await trpc.clinicalHistory.remove({ idHistory: booked.idHistory });
    expect(idsOf(await viaTrpc(medic, { from: '2026-06-22', to: '2026-06-28' }))).toEqual([]);
  });

  it('answers 409 APPOINTMENT_LOCKED through tRPC to moving or cancelling a past one', async () => {
    const { medic, idPatient } = await medicWithPatient();
    const past = await book(medic, idPatient, '2026-06-12T09:00');
    const trpc = callerFor(app, medic.access_token);
    for (const attempt of [() => trpc.clinicalHistory.update({ idHistory: past, date: '2026-06-19T09:00' }), () => trpc.clinicalHistory.remove({ idHistory: past })]) {
      const refused = await attempt().then(
        () => null,
        (error: unknown) => classifyError(error),
      );
      expect(refused).toMatchObject({ status: 409, code: 'APPOINTMENT_LOCKED' });
    }
    expect(idsOf(await viaTrpc(medic, { from: '2026-06-12' }))).toEqual([past]);
  });
});
