// Birth date, sex and family history (API.md "The clinical day"), through both transports: the same
// rules whether a client calls the REST adapter or tRPC. The collection rules every list shares
// (201/200/204, another patient's item, unlinked medic, patient) run for the family history in
// patient-record.test.ts with the other six; here are its own, and what the patient sees.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localDay } from '../../shared/dates';
import { rawGet, rawRows } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, register, TEST_PASSWORD, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

interface Outcome {
  status: number;
  code: string | null;
  issues: { path: string; message: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}
type Fields = Record<string, unknown>;

interface Transport {
  createPatient(session: Session, fields: Fields): Promise<Outcome>;
  updatePatient(session: Session, idPatient: number, fields: Fields): Promise<Outcome>;
  patient(session: Session, idPatient: number): Promise<Outcome>;
  detail(session: Session, idPatient: number): Promise<Outcome>;
  self(session: Session): Promise<Outcome>;
  addFamily(session: Session, idPatient: number, fields: Fields): Promise<Outcome>;
  updateFamily(session: Session, idPatient: number, itemId: number, fields: Fields): Promise<Outcome>;
  removeFamily(session: Session, idPatient: number, itemId: number): Promise<Outcome>;
}

function rest(): Transport {
  const call = async (session: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<Outcome> => {
    const response = await app.inject({ method, url: `/api${url}`, headers: bearer(session.access_token), ...(payload ? { payload } : {}) });
    const body = response.body ? response.json() : null;
    const failed = response.statusCode >= 400;
    return { status: response.statusCode, code: failed ? body.code : null, issues: failed ? (body.issues ?? []) : [], body: failed ? null : body };
  };
  return {
    createPatient: (session, fields) => call(session, 'POST', '/patients', fields),
    updatePatient: (session, idPatient, fields) => call(session, 'PATCH', `/patients/${idPatient}`, fields),
    patient: (session, idPatient) => call(session, 'GET', `/patients/${idPatient}`),
    detail: (session, idPatient) => call(session, 'GET', `/medics/patients/${idPatient}`),
    self: (session) => call(session, 'GET', '/patients/me'),
    addFamily: (session, idPatient, fields) => call(session, 'POST', `/patients/${idPatient}/family-history`, fields),
    updateFamily: (session, idPatient, itemId, fields) => call(session, 'PATCH', `/patients/${idPatient}/family-history/${itemId}`, fields),
    removeFamily: (session, idPatient, itemId) => call(session, 'DELETE', `/patients/${idPatient}/family-history/${itemId}`),
  };
}

function trpc(): Transport {
  const as = (session: Session) => callerFor(app, session.access_token);
  const run = async (work: () => Promise<unknown>): Promise<Outcome> => {
    try {
      return { status: 200, code: null, issues: [], body: await work() };
    } catch (error) {
      const classified = classifyError(error);
      return { status: classified.status, code: classified.code, issues: classified.issues ?? [], body: null };
    }
  };
  // The collection routers are generic, so their input type is loose; the schema still checks it.
  type Loose = (input: unknown) => Promise<unknown>;
  return {
    createPatient: (session, fields) => run(() => as(session).patients.create(fields)),
    updatePatient: (session, idPatient, fields) => run(() => (as(session).patients.update as Loose)({ idPatient, ...fields })),
    patient: (session, idPatient) => run(() => as(session).patients.byId({ idPatient })),
    detail: (session, idPatient) => run(() => as(session).medics.patientDetail({ idPatient })),
    self: (session) => run(() => as(session).patients.me()),
    addFamily: (session, idPatient, fields) => run(() => (as(session).patients.familyHistory.add as Loose)({ idPatient, ...fields })),
    updateFamily: (session, idPatient, itemId, fields) =>
      run(() => (as(session).patients.familyHistory.update as Loose)({ idPatient, itemId, ...fields })),
    removeFamily: (session, idPatient, itemId) => run(() => as(session).patients.familyHistory.remove({ idPatient, itemId })),
  };
}

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

const storedOf = async (idPatient: number) =>
  (await rawGet<{ birthDate: string | null; sex: string | null }>(app.deps.db, 'select birth_date as "birthDate", sex from patients where id = ?', [idPatient]))!;

const today = () => localDay(new Date());
const tomorrow = () => {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  return localDay(day);
};

describe.each([
  ['REST', rest],
  ['tRPC', trpc],
] as const)('birth date and sex through %s', (_name, transportOf) => {
  const transport = transportOf();

  it('are null until given, then stored and answered in Patient and in the record', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    expect((await transport.patient(medic, idPatient)).body).toMatchObject({ birthDate: null, sex: null });
    const updated = await transport.updatePatient(medic, idPatient, { birthDate: '1974-03-04', sex: 'female' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ idPatient, birthDate: '1974-03-04', sex: 'female' });
    expect((await transport.detail(medic, idPatient)).body.patient).toMatchObject({ birthDate: '1974-03-04', sex: 'female' });
    expect((await transport.self(patient)).body.patient).toMatchObject({ birthDate: '1974-03-04', sex: 'female' });
    expect((await transport.patient(patient, idPatient)).body).toMatchObject({ birthDate: '1974-03-04', sex: 'female' });
  });

  it('takes each of the four sexes, and today and 1 January 1900 as birth dates', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const sex of ['female', 'male', 'other', 'unknown']) {
      expect((await transport.updatePatient(medic, idPatient, { sex })).body.sex).toBe(sex);
    }
    expect((await transport.updatePatient(medic, idPatient, { birthDate: today() })).body.birthDate).toBe(today());
    expect((await transport.updatePatient(medic, idPatient, { birthDate: '1900-01-01' })).body.birthDate).toBe('1900-01-01');
  });

  it.each([
    ['after today', () => tomorrow(), 'validation.birthDateInFuture'],
    ['far in the future', () => '2999-01-01', 'validation.birthDateInFuture'],
    ['before 1900', () => '1899-12-31', 'validation.birthDateTooEarly'],
    ['a day that does not exist', () => '1990-02-30', 'validation.dateInvalid'],
    ['not a calendar date', () => '04/03/1974', 'validation.dateInvalid'],
  ])('refuses a birth date %s with 400 and one message naming it, changing nothing', async (_label, value, message) => {
    const { medic, idPatient } = await linkedPair();
    await transport.updatePatient(medic, idPatient, { birthDate: '1980-05-05' });
    const refused = await transport.updatePatient(medic, idPatient, { birthDate: value(), phone: '555 1234' });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.issues).toEqual([{ path: 'birthDate', message }]);
    expect((await storedOf(idPatient)).birthDate).toBe('1980-05-05');
    expect((await transport.patient(medic, idPatient)).body.phone).toBeNull();
  });

  it('refuses a sex outside the four with 400 naming it', async () => {
    const { medic, idPatient } = await linkedPair();
    const refused = await transport.updatePatient(medic, idPatient, { sex: 'F' });
    expect(refused.status).toBe(400);
    expect(refused.issues).toEqual([{ path: 'sex', message: 'validation.sexInvalid' }]);
  });

  it('clears both with null or a blank value, and leaves them alone when absent', async () => {
    const { medic, idPatient } = await linkedPair();
    await transport.updatePatient(medic, idPatient, { birthDate: '2001-09-11', sex: 'male' });
    expect((await transport.updatePatient(medic, idPatient, { phone: '555 0000' })).body).toMatchObject({ birthDate: '2001-09-11', sex: 'male' });
    expect((await transport.updatePatient(medic, idPatient, { birthDate: null, sex: '' })).body).toMatchObject({ birthDate: null, sex: null });
    await transport.updatePatient(medic, idPatient, { birthDate: '2001-09-11', sex: 'male' });
    expect((await transport.updatePatient(medic, idPatient, { birthDate: '', sex: null })).body).toMatchObject({ birthDate: null, sex: null });
    expect(await storedOf(idPatient)).toEqual({ birthDate: null, sex: null });
  });

  it('are given when a medic creates a patient, and checked there too', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    const account = { name: 'Nuevo', lname: 'Paciente', password: TEST_PASSWORD };
    const created = await transport.createPatient(medic, { ...account, email: uniqueEmail('new'), birthDate: '2020-02-29', sex: 'other' });
    expect(created.body).toMatchObject({ birthDate: '2020-02-29', sex: 'other' });
    const bare = await transport.createPatient(medic, { ...account, email: uniqueEmail('bare'), birthDate: '', sex: '' });
    expect(bare.body).toMatchObject({ birthDate: null, sex: null });
    const future = await transport.createPatient(medic, { ...account, email: uniqueEmail('future'), birthDate: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.issues).toEqual([{ path: 'birthDate', message: 'validation.birthDateInFuture' }]);
  });

  it('are filled in for an existing patient account by its linked medic', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const completed = await transport.createPatient(medic, { idUser: patient.user.idUser, email: patient.user.email, birthDate: '1990-07-01', sex: 'female' });
    expect(completed.body).toMatchObject({ idPatient, birthDate: '1990-07-01', sex: 'female' });
  });
});

describe.each([
  ['REST', rest],
  ['tRPC', trpc],
] as const)('the family history through %s', (_name, transportOf) => {
  const transport = transportOf();

  it('adds, edits and removes a relative and their condition, newest first in the record and in the patient\'s own', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const first = await transport.addFamily(medic, idPatient, { relative: 'Padre', condition: 'Hipertensión arterial' });
    expect(first.body).toEqual({ idFamilyHistory: expect.any(Number), relative: 'Padre', condition: 'Hipertensión arterial', notes: null });
    const second = (await transport.addFamily(medic, idPatient, { relative: ' Madre ', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' })).body;
    expect(second).toMatchObject({ relative: 'Madre', notes: 'Desde los 50 años' });
    expect((await transport.detail(medic, idPatient)).body.familyHistory).toEqual([second, first.body]);
    expect((await transport.self(patient)).body.familyHistory).toEqual([second, first.body]);

    const edited = await transport.updateFamily(medic, idPatient, second.idFamilyHistory, { notes: '' });
    expect(edited.body).toEqual({ ...second, notes: null });
    expect((await transport.removeFamily(medic, idPatient, first.body.idFamilyHistory)).status).toBeLessThan(300);
    expect((await transport.self(patient)).body.familyHistory).toEqual([{ ...second, notes: null }]);
  });

  it('requires the relative and the condition, also on an edit', async () => {
    const { medic, idPatient } = await linkedPair();
    const empty = await transport.addFamily(medic, idPatient, { relative: ' ', notes: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.issues).toEqual([
      { path: 'relative', message: 'validation.relativeRequired' },
      { path: 'condition', message: 'validation.conditionRequired' },
    ]);
    const item = (await transport.addFamily(medic, idPatient, { relative: 'Hermano', condition: 'Asma' })).body;
    const blanked = await transport.updateFamily(medic, idPatient, item.idFamilyHistory, { condition: '' });
    expect(blanked.status).toBe(400);
    expect(blanked.issues.map((issue) => issue.path)).toEqual(['condition']);
  });

  it("answers 404 for another patient's item and to an unlinked medic, 403 to the patient, and changes nothing", async () => {
    const mine = await linkedPair();
    const theirs = await linkedPair();
    const item = (await transport.addFamily(theirs.medic, theirs.idPatient, { relative: 'Abuela', condition: 'Cáncer de mama' })).body;
    expect((await transport.updateFamily(mine.medic, mine.idPatient, item.idFamilyHistory, { condition: 'Otro' })).status).toBe(404);
    expect((await transport.removeFamily(mine.medic, mine.idPatient, item.idFamilyHistory)).status).toBe(404);
    expect((await transport.addFamily(mine.medic, theirs.idPatient, { relative: 'Tío', condition: 'Gota' })).status).toBe(404);
    expect((await transport.removeFamily(mine.medic, theirs.idPatient, item.idFamilyHistory)).status).toBe(404);
    expect((await transport.addFamily(theirs.patient, theirs.idPatient, { relative: 'Tío', condition: 'Gota' })).status).toBe(403);
    expect((await transport.updateFamily(theirs.patient, theirs.idPatient, item.idFamilyHistory, { condition: 'Otro' })).status).toBe(403);
    expect((await transport.detail(theirs.medic, theirs.idPatient)).body.familyHistory).toEqual([item]);
  });

  it('audits every change with the patient', async () => {
    const { medic, idPatient } = await linkedPair();
    const item = (await transport.addFamily(medic, idPatient, { relative: 'Madre', condition: 'Migraña' })).body;
    await transport.updateFamily(medic, idPatient, item.idFamilyHistory, { notes: 'Con aura' });
    await transport.removeFamily(medic, idPatient, item.idFamilyHistory);
    const events = await rawRows(app.deps.db, "select action, detail from audit_events where patient_id = ? and action like 'familyHistory.%' order by id", [idPatient]);
    expect(events).toEqual([
      { action: 'familyHistory.add', detail: null },
      { action: 'familyHistory.update', detail: `idFamilyHistory ${item.idFamilyHistory}` },
      { action: 'familyHistory.remove', detail: `idFamilyHistory ${item.idFamilyHistory}` },
    ]);
  });
});
