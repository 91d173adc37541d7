// Long histories (API.md): the record read carries the newest 50 appointments, 100 vital signs and
// 100 lab results with totals and cursors; the rest comes page by page, newest first, each item
// exactly once, through REST and tRPC, for a linked medic and for the patient; others are refused
// and audited; every read is audited; the FHIR export still holds everything.
import { openTestDatabase, testEngine } from '../test/engine-under-test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { encodeRecordCursor } from '../../shared/record-pages';
import { sqliteEngineOf } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, callerFor, errorOf, register, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ db: await openTestDatabase() });
});
afterAll(() => app.close());

const get = (url: string, session?: Session) => app.inject({ method: 'GET', url, headers: session ? bearer(session.access_token) : {} });

const APPOINTMENTS = 123;
const VITALS = 230;
const LABS = 101;

const day = (index: number) => {
  const date = new Date(Date.UTC(2015, 0, 1) + index * 86_400_000);
  return date.toISOString().slice(0, 10);
};

/** A patient seen for years: written straight into the database (the triggers renew record_version), some on the same day to test the id tie-break. */
async function longRecord() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { db } = app.deps;
  const { idPatient } = (await rawGet<{ idPatient: number }>(db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  const { idMedic } = (await rawGet<{ idMedic: number }>(db, 'select id as "idMedic" from medics where user_id = ?', [medic.user.idUser]))!;
  await inTransaction(db, async () => {
    const appointment = "insert into clinical_histories (patient_id, medic_id, date, start, motive, created_at) values (?, ?, ?, '09:00', ?, '2026-01-01T00:00:00Z')";
    // Pairs of appointments share a moment: the id decides their order.
    for (let i = 0; i < APPOINTMENTS; i++) await rawRun(db, appointment, [idPatient, idMedic, `${day(Math.floor(i / 2))}T09:00`, `Control ${i}`]);
    const vital = "insert into vitals (patient_id, date, systolic, created_at) values (?, ?, ?, '2026-01-01T00:00:00Z')";
    for (let i = 0; i < VITALS; i++) await rawRun(db, vital, [idPatient, day(Math.floor(i / 3)), 100 + (i % 50)]);
    const lab = "insert into labs (patient_id, date, test_name, value, created_at) values (?, ?, ?, ?, '2026-01-01T00:00:00Z')";
    for (let i = 0; i < LABS; i++) await rawRun(db, lab, [idPatient, day(i), 'Glucosa', String(80 + i)]);
  });
  return { medic, patient, idPatient };
}

const idsOf = async (table: string, idPatient: number) =>
  (await rawRows<{ id: number }>(app.deps.db, `select id from ${table} where patient_id = ? order by date desc, id desc`, [idPatient])).map((row) => row.id);

const lists = [
  { list: 'history', table: 'clinical_histories', id: 'idHistory', total: APPOINTMENTS, first: 50, selfKey: 'clinicalHistories' },
  { list: 'vitals', table: 'vitals', id: 'idVital', total: VITALS, first: 100, selfKey: 'vitals' },
  { list: 'labs', table: 'labs', id: 'idLabs', total: LABS, first: 100, selfKey: 'labs' },
] as const;

type Page = { items: Record<string, number>[]; nextCursor: string | null; total: number };

async function follow(url: (cursor: string | null) => string, session: Session, cursor: string | null) {
  const ids: number[] = [];
  let pages = 0;
  let next = cursor;
  while (next !== null) {
    const response = await get(url(next), session);
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    ids.push(...page.items.map((item) => Object.values(item)[0]!));
    next = page.nextCursor;
    pages += 1;
  }
  return { ids, pages };
}

let record: Awaited<ReturnType<typeof longRecord>>;
beforeAll(async () => {
  record = await longRecord();
});

describe('the record read of a long history', () => {
  it('carries the newest of each long list, with its total and a cursor', async () => {
    const { medic, idPatient } = record;
    const detail = (await get(`/api/medics/patients/${idPatient}`, medic)).json();
    for (const { list, table, id, total, first } of lists) {
      expect(detail[list].map((item: Record<string, number>) => item[id])).toEqual((await idsOf(table, idPatient)).slice(0, first));
      expect(detail[`${list}Total`]).toBe(total);
      expect(detail[`${list}NextCursor`]).toEqual(expect.any(String));
    }
    // The other collections stay whole, and say nothing of pages.
    expect(detail).not.toHaveProperty('allergiesTotal');
  });

  it('says nothing is left for a short record', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const self = (await get('/api/patients/me', patient)).json();
    expect(self).toMatchObject({ historyTotal: 0, historyNextCursor: null, vitalsTotal: 0, vitalsNextCursor: null, labsTotal: 0, labsNextCursor: null });
  });

  it('carries the same for the patient, under clinicalHistories', async () => {
    const { patient, idPatient } = record;
    const self = (await get('/api/patients/me', patient)).json();
    expect(self.clinicalHistories.map((item: { idHistory: number }) => item.idHistory)).toEqual((await idsOf('clinical_histories', idPatient)).slice(0, 50));
    expect(self).toMatchObject({ historyTotal: APPOINTMENTS, vitalsTotal: VITALS, labsTotal: LABS });
    expect(self.vitals).toHaveLength(100);
  });
});

describe.each(lists)('GET …/$list pages', ({ list, table, total, first, selfKey }) => {
  it('follows the cursors from the record to the end: every item once, newest first (medic)', async () => {
    const { medic, idPatient } = record;
    const detail = (await get(`/api/medics/patients/${idPatient}`, medic)).json();
    const rest = await follow((cursor) => `/api/medics/patients/${idPatient}/${list}?limit=7&cursor=${cursor}`, medic, detail[`${list}NextCursor`]);
    expect(rest.pages).toBe(Math.ceil((total - first) / 7));
    expect([...detail[list].map((item: Record<string, number>) => Object.values(item)[0]), ...rest.ids]).toEqual(await idsOf(table, idPatient));
  });

  it('pages from the newest without a cursor, 50 by default (patient)', async () => {
    const { patient, idPatient } = record;
    const self = (await get('/api/patients/me', patient)).json();
    const firstPage = (await get(`/api/patients/me/${list}`, patient)).json<Page>();
    expect(firstPage.total).toBe(total);
    expect(firstPage.items).toHaveLength(50);
    // The same shapes as in the record.
    expect(firstPage.items).toEqual(self[selfKey].slice(0, 50));
    const rest = await follow((cursor) => `/api/patients/me/${list}?limit=200&cursor=${cursor}`, patient, firstPage.nextCursor);
    expect([...firstPage.items.map((item) => Object.values(item)[0]), ...rest.ids]).toEqual(await idsOf(table, idPatient));
  });

  it('answers the same through tRPC', async () => {
    const { medic, patient, idPatient } = record;
    const medics = callerFor(app, medic.access_token).medics;
    const procedure = { history: medics.patientDetailHistory, vitals: medics.patientDetailVitals, labs: medics.patientDetailLabs }[list];
    const page = await procedure({ idPatient, limit: 200 });
    expect(page.total).toBe(total);
    expect(page.items).toHaveLength(Math.min(200, total));
    const mine = callerFor(app, patient.access_token).patients;
    const own = await { history: mine.myHistory, vitals: mine.myVitals, labs: mine.myLabs }[list]({ limit: 3 });
    expect(own).toEqual({ items: page.items.slice(0, 3), total, nextCursor: expect.any(String) });
    const next = await { history: mine.myHistory, vitals: mine.myVitals, labs: mine.myLabs }[list]({ limit: 3, cursor: own.nextCursor });
    expect(next.items).toEqual(page.items.slice(3, 6));
  });
});

describe('page bounds and refusals', () => {
  it('takes limit 1–200 and refuses anything else, and cursors it did not write, with 400 VALIDATION_FAILED', async () => {
    const { medic, idPatient } = record;
    expect((await get(`/api/medics/patients/${idPatient}/history?limit=1`, medic)).json<Page>().items).toHaveLength(1);
    expect((await get(`/api/medics/patients/${idPatient}/vitals?limit=200`, medic)).json<Page>().items).toHaveLength(200);
    // Left empty, as absent: the default.
    expect((await get(`/api/medics/patients/${idPatient}/vitals?limit=&cursor=`, medic)).json<Page>().items).toHaveLength(50);
    for (const query of ['limit=0', 'limit=201', 'limit=-1', 'limit=1.5', 'limit=abc', 'cursor=nope!', `cursor=${Buffer.from('["x"]').toString('base64url')}`, 'cursor=AAAA']) {
      const response = await get(`/api/medics/patients/${idPatient}/labs?${query}`, medic);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code, query).toBe('VALIDATION_FAILED');
    }
  });

  it("answers 404 PATIENT_NOT_FOUND for another medic's patient and audits the refusal", async () => {
    const { idPatient } = record;
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    for (const list of ['history', 'vitals', 'labs']) {
      const response = await get(`/api/medics/patients/${idPatient}/${list}`, stranger);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    }
    const denied = await rawRows<{ action: string }>(
      app.deps.db,
      "select action from audit_events where patient_id = ? and actor_user_id = ? and outcome = 'denied' order by id",
      [idPatient, stranger.user.idUser],
    );
    expect(denied.map((event) => event.action)).toEqual(['medics.patientDetailHistory', 'medics.patientDetailVitals', 'medics.patientDetailLabs']);
    expect((await get(`/api/medics/patients/999999/history`, stranger)).statusCode).toBe(404);
  });

  it('lets a medic under emergency access read the pages, each read flagged with the reason', async () => {
    const { patient, idPatient } = record;
    const emergencyMedic = await register(app, { type: 'medic', email: uniqueEmail('er') });
    const reason = 'Paciente inconsciente en urgencias';
    const started = await app.inject({ method: 'POST', url: '/api/medics/emergency-access', headers: bearer(emergencyMedic.access_token), payload: { patientEmail: patient.user.email, reason } });
    expect(started.statusCode).toBe(200);
    const page = await get(`/api/medics/patients/${idPatient}/history?limit=2`, emergencyMedic);
    expect(page.statusCode).toBe(200);
    expect(page.json<Page>().total).toBe(APPOINTMENTS);
    const audited = await rawGet(
      app.deps.db,
      "select action, emergency, detail from audit_events where patient_id = ? and actor_user_id = ? and outcome = 'success' order by id desc limit 1",
      [idPatient, emergencyMedic.user.idUser],
    );
    expect(audited).toEqual({ action: 'patient.detail', emergency: 1, detail: reason });
  });

  it('answers 403 to a medic on the patient routes and 401 to anyone signed out', async () => {
    expect((await get('/api/patients/me/history', record.medic)).statusCode).toBe(403);
    expect((await get('/api/patients/me/vitals')).statusCode).toBe(401);
    expect((await get(`/api/medics/patients/${record.idPatient}/labs`, record.patient)).statusCode).toBe(403);
  });

  it('audits every page read as a read of the record', async () => {
    const { medic, patient, idPatient } = record;
    const count = async (action: string, user: number) =>
      (await rawGet<{ n: number }>(
        app.deps.db,
        "select count(*) as n from audit_events where patient_id = ? and actor_user_id = ? and action = ? and outcome = 'success'",
        [idPatient, user, action],
      ))!.n;
    const [medicBefore, patientBefore] = [await count('patient.detail', medic.user.idUser), await count('patient.self', patient.user.idUser)];
    await get(`/api/medics/patients/${idPatient}/history`, medic);
    await get('/api/patients/me/labs', patient);
    expect(await count('patient.detail', medic.user.idUser)).toBe(medicBefore + 1);
    expect(await count('patient.self', patient.user.idUser)).toBe(patientBefore + 1);
  });

  it('pages the same after a cursor taken from an item that was deleted meanwhile', async () => {
    const { medic, idPatient } = record;
    const ids = await idsOf('vitals', idPatient);
    const gone = (await rawGet<{ date: string }>(app.deps.db, 'select date from vitals where id = ?', [ids[9]]))!;
    const cursor = encodeRecordCursor({ date: gone.date, id: ids[9]! });
    const page = (await get(`/api/medics/patients/${idPatient}/vitals?limit=5&cursor=${cursor}`, medic)).json<Page>();
    expect(page.items.map((item) => item.idVital)).toEqual(ids.slice(10, 15));
  });
});

describe('the FHIR export of a long history', () => {
  it('still holds every appointment, vital sign and lab result', async () => {
    const { medic, idPatient } = record;
    const bundle = (await get(`/api/patients/${idPatient}/fhir`, medic)).json<{ entry: { resource: { resourceType: string; code?: { text?: string } } }[] }>();
    const resources = bundle.entry.map((entry) => entry.resource);
    expect(resources.filter((resource) => resource.resourceType === 'Encounter')).toHaveLength(APPOINTMENTS);
    const fhirUrls = new Set(bundle.entry.map((entry) => (entry as unknown as { fullUrl: string }).fullUrl));
    expect(fhirUrls.size).toBe(bundle.entry.length);
    // Each lab is one Observation of its own, each vital sign reading at least one (here a systolic pressure).
    const observations = resources.filter((resource) => resource.resourceType === 'Observation');
    expect(observations.length).toBeGreaterThanOrEqual(LABS + VITALS);
  });
});

describe('the indexes serve "the newest N of this patient"', () => {
  // SQLite's query plan: PostgreSQL's planner chooses by its statistics, and has no EXPLAIN QUERY PLAN.
  it.skipIf(testEngine === 'postgres').each(['clinical_histories', 'vitals', 'labs'])('%s: an index search with no sort step, first page or after a cursor', (table) => {
    // SQLite dialect: the plan SQLite chooses, asked of the connection the reads outside a transaction run on.
    const plan = (query: string) =>
      (sqliteEngineOf(app.deps.db).reader.prepare(`explain query plan ${query}`).all({ patientId: 1, afterDate: '2020-01-01', afterId: 10, limit: 50 }) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
    const first = plan(`select id from ${table} where patient_id = :patientId order by date desc, id desc limit :limit`);
    const after = plan(`select id from ${table} where patient_id = :patientId and (date, id) < (:afterDate, :afterId) order by date desc, id desc limit :limit`);
    for (const detail of [first, after]) {
      expect(detail).toMatch(new RegExp(`SEARCH ${table} USING (COVERING )?INDEX ${table}_patient_date_idx`));
      expect(detail).not.toMatch(/TEMP B-TREE/);
    }
  });
});
