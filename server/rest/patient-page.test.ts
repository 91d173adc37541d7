// The paged patient list (API.md "Paged patient list"), through REST and tRPC alike: the list's
// order across pages, a cursor that yields every patient once, the filter on the server, the
// total, the bounds of limit and cursor, the sort key and search index kept by triggers, only the
// caller's patients, and an audit event per page.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { matchesPatientQuery, type PatientListItem, type PatientPage } from '../../shared/patients';
import { inTransaction } from '../db/in-transaction';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, linkWithConsent, register, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;

interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}
type PageParams = Record<string, string | number | undefined>;

const transports: [string, (session: Session, params: PageParams) => Promise<Outcome>][] = [
  [
    'REST',
    async (session, params) => {
      const query = new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      const response = await app.inject({ method: 'GET', url: `/api/medics/my-patients?${query}`, headers: bearer(session.access_token) });
      return { status: response.statusCode, body: response.json() };
    },
  ],
  [
    'tRPC',
    async (session, params) => {
      try {
        return { status: 200, body: await callerFor(app, session.access_token).medics.patientPage(params as never) };
      } catch (error) {
        const classified = classifyError(error);
        return { status: classified.status, body: { code: classified.code, issues: classified.issues } };
      }
    },
  ],
];

const medicIdOf = async (session: Session) => (await rawGet<{ id: number }>(db(), 'select id from medics where user_id = ?', [session.user.idUser]))!.id;

interface Person {
  name: string;
  lname: string;
  email?: string;
  phone?: string | null;
}

/** Patients linked to the medic, written straight into the tables: the triggers must do the rest. */
async function addLinkedPatients(medic: Session, people: Person[]): Promise<number[]> {
  const insertUser =
    "insert into users (email, password_hash, type, name, lname, phone, created_at) values (?, 'x', 'patient', ?, ?, ?, '2026-01-01T00:00:00Z') returning id";
  const insertPatient = "insert into patients (user_id, created_at) values (?, '2026-01-01T00:00:00Z') returning id";
  const insertLink = "insert into medic_patients (medic_id, patient_id, created_at) values (?, ?, '2026-01-01T00:00:00Z')";
  const medicId = await medicIdOf(medic);
  return inTransaction(db(), async (tx) => {
    const ids: number[] = [];
    for (const person of people) {
      const user = await rawGet<{ id: number }>(tx, insertUser, [person.email ?? uniqueEmail('paged'), person.name, person.lname, person.phone ?? null]);
      const patient = await rawGet<{ id: number }>(tx, insertPatient, [user!.id]);
      await rawRun(tx, insertLink, [medicId, patient!.id]);
      ids.push(patient!.id);
    }
    return ids;
  });
}

const newMedic = () => register(app, { type: 'medic', email: uniqueEmail('medic') });

async function wholeList(medic: Session): Promise<PatientListItem[]> {
  const response = await app.inject({ method: 'GET', url: '/api/medics/my-patients', headers: bearer(medic.access_token) });
  return response.json<{ patients: PatientListItem[] }>().patients;
}

/** Every page, following nextCursor from the first. */
async function allPages(call: (session: Session, params: PageParams) => Promise<Outcome>, medic: Session, params: PageParams) {
  const pages: PatientPage[] = [];
  let cursor: string | undefined;
  do {
    const outcome = await call(medic, { ...params, cursor });
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    pages.push(outcome.body);
    cursor = outcome.body.nextCursor ?? undefined;
  } while (cursor && pages.length < 1_000);
  return pages;
}

const FIRST = ['Ana', 'ana', 'Bruno', 'Carmen', 'Lucía', 'José', 'Íñigo', 'Zoe'];
const LAST = ['Ruiz', 'RUIZ', 'ruiz', 'Álvarez', 'Alvarez', 'Muñoz', 'Pérez_Gil', 'Gómez 100%', 'de la Fuente', 'Zamora'];

/** A practice with many equal last names (in every case) and equal full names. */
function crowd(count: number, tag: string): Person[] {
  return Array.from({ length: count }, (_, index) => ({
    name: FIRST[index % FIRST.length]!,
    lname: LAST[(index * 7) % LAST.length]!,
    email: `${tag}.${index}@Paged.Example`,
    phone: index % 3 === 0 ? null : `55 ${String(1_000_000 + index * 37)}`,
  }));
}

describe.each(transports)('the paged list through %s', (_transport, call) => {
  let medic: Session;
  let other: Session;
  let whole: PatientListItem[];
  beforeAll(async () => {
    medic = await newMedic();
    other = await newMedic();
    await addLinkedPatients(medic, crowd(137, `p${_transport}`));
    // Another medic's patients, some with the same names, never show.
    await addLinkedPatients(other, crowd(20, `o${_transport}`));
    whole = await wholeList(medic);
    expect(whole).toHaveLength(137);
  });

  it('pages in the whole list’s order, through equal last and first names, each patient exactly once', async () => {
    for (const limit of [1, 7, 50, 200]) {
      const pages = await allPages(call, medic, { limit });
      expect(pages.flatMap((page) => page.patients)).toEqual(whole);
      expect(pages.every((page) => page.total === 137)).toBe(true);
      expect(pages.slice(0, -1).every((page) => page.patients.length === limit)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('filters on the server by name, last name, full name, email or phone, ignoring case and accents, as the whole-list filter does', async () => {
    const queries = ['ruiz', 'RUIZ', 'alvarez', 'ÁLVAREZ', 'muñoz', 'MUNOZ', 'iñigo', 'paged.example', 'p' + _transport.toUpperCase() + '.1', '55 1000', '000', '%', '_', '100%', 'z_g', 'pérez_', 'de la f', ' ana ', 'ana ruiz', 'ZOE ZAMORA', 'a r', 'íñigo álv', 'a', 'Á', 'ñ', 'zo', '37', 'nadie', '"', "o'"];
    for (const q of queries) {
      const expected = whole.filter((patient) => matchesPatientQuery(patient, q));
      const pages = await allPages(call, medic, { limit: 20, q });
      expect(pages.flatMap((page) => page.patients), q).toEqual(expected);
      expect(pages[0]!.total, q).toBe(expected.length);
    }
  });

  it('takes % and _ literally', async () => {
    const percent = (await call(medic, { limit: 200, q: '%' })).body as PatientPage;
    expect(percent.patients.length).toBeGreaterThan(0);
    expect(percent.patients.every((patient) => patient.lname.includes('%'))).toBe(true);
    const underscore = (await call(medic, { limit: 200, q: 'z_gil' })).body as PatientPage;
    expect(underscore.patients.every((patient) => patient.lname === 'Pérez_Gil')).toBe(true);
    expect((await call(medic, { limit: 200, q: 'zxgil' })).body.total).toBe(0);
  });

  it('answers 400 for a limit outside 1–200 or not a plain whole number', async () => {
    expect((await call(medic, { limit: 1 })).body.patients).toHaveLength(1);
    expect((await call(medic, { limit: 200 })).body.patients).toHaveLength(137);
    for (const limit of [0, 201, -1, '1.5', '1e1', '0x10', ' 5', 'abc', '']) {
      const outcome = await call(medic, { limit });
      expect(outcome.status, String(limit)).toBe(400);
      expect(outcome.body.code).toBe('VALIDATION_FAILED');
      expect(outcome.body.issues).toContainEqual({ path: 'limit', message: 'validation.pageSizeInvalid' });
    }
  });

  it('answers 400 for a cursor it did not give', async () => {
    const first = (await call(medic, { limit: 5 })).body as PatientPage;
    const forged = [
      'not a cursor',
      '!!!!',
      'a',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["Ruiz","Ana",0]').toString('base64url'),
      Buffer.from('["Ruiz","Ana","7"]').toString('base64url'),
      Buffer.from('{"lname":"Ruiz"}').toString('base64url'),
      Buffer.from([0xff, 0xfe, 0x22]).toString('base64url'),
      'x'.repeat(5_000),
      `${first.nextCursor}=`,
    ];
    for (const cursor of forged) {
      const outcome = await call(medic, { limit: 5, cursor });
      expect(outcome.status, cursor).toBe(400);
      expect(outcome.body.code).toBe('VALIDATION_FAILED');
      expect(outcome.body.issues).toContainEqual({ path: 'cursor', message: 'validation.cursorInvalid' });
    }
  });
});

describe('GET /api/medics/my-patients', () => {
  it('answers the whole list, without paging fields, when no page is asked for', async () => {
    const medic = await newMedic();
    await addLinkedPatients(medic, crowd(3, 'whole'));
    const response = await app.inject({ method: 'GET', url: '/api/medics/my-patients', headers: bearer(medic.access_token) });
    expect(Object.keys(response.json())).toEqual(['patients']);
    expect(response.json().patients).toHaveLength(3);
    const page = await app.inject({ method: 'GET', url: '/api/medics/my-patients?limit=2', headers: bearer(medic.access_token) });
    expect(page.json()).toEqual({ patients: expect.any(Array), nextCursor: expect.any(String), total: 3 });
  });

  it('says in English what is wrong with a limit or a cursor, and wants a limit for a filter', async () => {
    const medic = await newMedic();
    const get = (query: string) => app.inject({ method: 'GET', url: `/api/medics/my-patients?${query}`, headers: bearer(medic.access_token) });
    expect((await get('limit=500')).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'limit', message: 'validation.pageSizeInvalid' }],
    });
    expect((await get('limit=500')).json().message).toContain('from 1 to 200');
    expect((await get('limit=5&cursor=zzz')).json().message).toContain('cursor');
    expect((await get('q=ruiz')).statusCode).toBe(400);
  });

  it('answers the same page through medics.myPatients with input', async () => {
    const medic = await newMedic();
    await addLinkedPatients(medic, crowd(4, 'same'));
    const trpc = callerFor(app, medic.access_token).medics;
    expect(await trpc.myPatients({ limit: 3, q: 'a' })).toEqual(await trpc.patientPage({ limit: 3, q: 'a' }));
    expect(Object.keys(await trpc.myPatients())).toEqual(['patients']);
  });
});

describe('the sort key and the search index', () => {
  it('follow a renamed patient, a changed email and phone, and links made and undone through the product', async () => {
    const medic = await newMedic();
    // Emails without digits: a search for the phone's digits must not also match a timestamp in one.
    const digitless = (who: string) => `${who}.${Math.random().toString(36).slice(2).replace(/\d/g, 'q')}@example.test`;
    const [alba, berta] = await addLinkedPatients(medic, [
      { name: 'Alba', lname: 'Aranda', email: digitless('alba') },
      { name: 'Berta', lname: 'Blanco', email: digitless('berta') },
    ]) as [number, number];
    const real = await register(app, { type: 'patient', name: 'Carla', lname: 'Cano', email: digitless('carla') });
    expect(await linkWithConsent(app, medic, real)).toBe(200);
    const trpc = callerFor(app, medic.access_token).medics;
    const names = async (q = '') => (await trpc.patientPage({ limit: 50, q })).patients.map((patient) => patient.name);
    expect(await names()).toEqual(['Alba', 'Berta', 'Carla']);

    await rawRun(db(), "update users set lname = 'Zubiri' where id = (select user_id from patients where id = ?)", [alba]);
    expect(await names()).toEqual(['Berta', 'Carla', 'Alba']);
    expect(await names('aranda')).toEqual([]);
    expect(await names('zubiri')).toEqual(['Alba']);

    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/patients/${berta}`,
      headers: bearer(medic.access_token),
      payload: { email: 'berta.nueva@example.test', phone: '555 9876' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await names('berta.nueva')).toEqual(['Berta']);
    expect(await names('9876')).toEqual(['Berta']);
    expect(await names('98')).toEqual(['Berta']);

    const carla = (await rawGet<{ id: number }>(db(), 'select id from patients where user_id = ?', [real.user.idUser]))!.id;
    const unlinked = await app.inject({ method: 'DELETE', url: `/api/medics/unlink-patient/${carla}`, headers: bearer(medic.access_token) });
    expect(unlinked.statusCode).toBe(204);
    const page = await trpc.patientPage({ limit: 50 });
    expect(page.patients.map((patient) => patient.name)).toEqual(['Berta', 'Alba']);
    expect(page.total).toBe(2);
    expect(await names('carla')).toEqual([]);
  });

  it('continue a cursor past a patient renamed between two pages without repeating anyone', async () => {
    const medic = await newMedic();
    const ids = await addLinkedPatients(medic, ['A', 'B', 'C', 'D'].map((letter) => ({ name: letter, lname: letter })));
    const trpc = callerFor(app, medic.access_token).medics;
    const first = await trpc.patientPage({ limit: 2 });
    expect(first.patients.map((patient) => patient.name)).toEqual(['A', 'B']);
    // B moves to the end after the first page was sent: the next page starts after the key it was sent with.
    await rawRun(db(), "update users set lname = 'Z' where id = (select user_id from patients where id = ?)", [ids[1]]);
    const second = await trpc.patientPage({ limit: 2, cursor: first.nextCursor });
    expect(second.patients.map((patient) => patient.name)).toEqual(['C', 'D']);
  });
});

describe('who sees what', () => {
  it('shows a medic only their own patients, and a patient or a stranger nothing', async () => {
    const medic = await newMedic();
    const other = await newMedic();
    await addLinkedPatients(medic, [{ name: 'Mía', lname: 'Propia' }]);
    await addLinkedPatients(other, [{ name: 'Otra', lname: 'Ajena' }]);
    const mine = await callerFor(app, medic.access_token).medics.patientPage({ limit: 50, q: 'a' });
    expect(mine.patients.map((patient) => patient.name)).toEqual(['Mía']);
    expect(mine.total).toBe(1);
    expect((await callerFor(app, medic.access_token).medics.patientPage({ limit: 50, q: 'ajena' })).total).toBe(0);

    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient') });
    const asPatient = await app.inject({ method: 'GET', url: '/api/medics/my-patients?limit=5', headers: bearer(patient.access_token) });
    expect(asPatient.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/medics/my-patients?limit=5' })).statusCode).toBe(401);
  });

  it('audits every page read as a read of the list', async () => {
    const medic = await newMedic();
    await addLinkedPatients(medic, crowd(5, 'audited'));
    const events = () => rawRows(db(), "select action, outcome, detail from audit_events where actor_user_id = ? and action = 'patients.list' order by id", [medic.user.idUser]);
    const page = await callerFor(app, medic.access_token).medics.patientPage({ limit: 3 });
    await app.inject({ method: 'GET', url: `/api/medics/my-patients?limit=3&cursor=${page.nextCursor}`, headers: bearer(medic.access_token) });
    await callerFor(app, medic.access_token).medics.patientPage({ limit: 3, q: 'ruiz' });
    expect(await events()).toEqual([
      { action: 'patients.list', outcome: 'success', detail: '3 of 5 patients' },
      { action: 'patients.list', outcome: 'success', detail: '2 of 5 patients' },
      { action: 'patients.list', outcome: 'success', detail: expect.stringMatching(/^\d+ of \d+ patients, filtered$/) },
    ]);
  });
});

describe('a practice of one medic', () => {
  it('counts a filter’s matches the same when the medic is linked to every patient and when one patient is not theirs', async () => {
    // Its own practice: here the medic's links are the whole practice, which the count takes as a shortcut.
    const solo = await buildTestApp();
    try {
      const medic = await register(solo, { type: 'medic', email: uniqueEmail('solo') });
      const patients = await Promise.all(
        ['Ruiz Alba', 'Ruiz Bea', 'Ortiz Carla'].map((full) => register(solo, { type: 'patient', name: full.split(' ')[1]!, lname: full.split(' ')[0]!, email: uniqueEmail('solo') })),
      );
      for (const patient of patients) expect(await linkWithConsent(solo, medic, patient)).toBe(200);
      const page = (q: string) => callerFor(solo, medic.access_token).medics.patientPage({ limit: 1, q });
      expect((await page('ruiz')).total).toBe(2);
      expect((await page('uiz')).total).toBe(2);
      expect((await page('rtiz')).total).toBe(1);

      // A patient of the practice who is not this medic's: the same filters count only the medic's own.
      await register(solo, { type: 'patient', name: 'Dora', lname: 'Ruiz', email: uniqueEmail('solo') });
      expect((await page('ruiz')).total).toBe(2);
      expect((await page('ruiz')).patients.map((patient) => patient.name)).toEqual(['Alba']);
    } finally {
      await solo.close();
    }
  });
});
