// A medic's patient-list page is kept in memory while nothing it shows has changed (migration
// 0008's list_version). Whatever changes what a card shows, through the product or straight in the
// database, must show in the very next read of a page read before, for every medic who has that
// patient, and a change rolled back must leave the page as it was.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../shared/auth';
import type { PatientPage } from '../../shared/patients';
import pg from 'pg';
import { sqliteEngineOf } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawGet, rawRun } from '../db/raw-sql';
import { clinicalHistories } from '../db/schema/index';
import { testEngine } from '../test/engine-under-test';
import { bearer, buildTestApp, linkWithConsent, register, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A change written straight in the database, as another process or a hand would. */
const writeStraight = (text: string, params: unknown[]) => rawRun(app.deps.db, text, params);

async function firstPage(medic: Session, q = ''): Promise<PatientPage> {
  const response = await app.inject({ method: 'GET', url: `/api/medics/my-patients?limit=50&q=${encodeURIComponent(q)}`, headers: bearer(medic.access_token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientPage>();
}

const cardOf = (page: PatientPage, idPatient: number) => page.patients.find((patient) => patient.idPatient === idPatient);

/** The texts of the SQL statements the engine runs from now on, spied on. */
interface StatementSpies {
  texts(): string[];
  clear(): void;
  restore(): void;
}

function sqliteStatementSpies(): StatementSpies {
  const statement = Object.getPrototypeOf(sqliteEngineOf(app.deps.db).reader.prepare('select 1')) as { all: () => unknown; get: () => unknown };
  const all = vi.spyOn(statement, 'all');
  const get = vi.spyOn(statement, 'get');
  return {
    texts: () => ([...all.mock.contexts, ...get.mock.contexts] as { source: string }[]).map(({ source }) => source),
    clear: () => (all.mockClear(), get.mockClear()),
    restore: () => (all.mockRestore(), get.mockRestore()),
  };
}

function postgresQuerySpies(): StatementSpies {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  return {
    texts: () => query.mock.calls.map(([text]) => (typeof text === 'string' ? text : (text as { text: string }).text)),
    clear: () => void query.mockClear(),
    restore: () => query.mockRestore(),
  };
}

describe('a patient-list page read again', () => {
  let medic: Session;
  let otherMedic: Session;
  let patient: Session;
  let idPatient: number;
  let idUser: number;

  beforeEach(async () => {
    medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    otherMedic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    patient = await register(app, { type: 'patient', name: 'Rosa', lname: 'Vidal', email: uniqueEmail('rosa') });
    expect(await linkWithConsent(app, medic, patient)).toBe(200);
    expect(await linkWithConsent(app, otherMedic, patient)).toBe(200);
    idUser = patient.user.idUser;
    idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [idUser]))!.id;
    // Both medics' first pages and a filtered page are now kept (a filtered one from its second request).
    await firstPage(medic);
    await firstPage(otherMedic);
    await firstPage(medic, 'vidal');
    await firstPage(medic, 'vidal');
  });

  it('reads a card once while the medic\'s list is unchanged, and again after a change to it', async () => {
    // Card versions are read with one statement (a string of id:version pairs over the ids given as
    // JSON) per filtered page that needs any card it has not shown. On SQLite every connection's
    // statements share one prototype: the reader's stands for them all, and a row is read through
    // `all` or `get`. On PostgreSQL a page is read in a transaction, on a client of the pool.
    const spied = testEngine === 'sqlite' ? sqliteStatementSpies() : postgresQuerySpies();
    const cardReads = async (filter: string) => {
      spied.clear();
      expect(cardOf(await firstPage(medic, filter), idPatient)?.name).toBe('Rosa');
      return spied.texts().filter((text) => (testEngine === 'sqlite' ? text.includes('json_each(') && text.includes('group_concat(') : text.includes('json_array_elements_text(') && text.includes('string_agg('))).length;
    };
    try {
      // Shown already by the filter "vidal" above: new filters finding the same patient read no card.
      expect(await cardReads('rosa vi')).toBe(0);
      expect(await cardReads('rosa')).toBe(0);
      await writeStraight("update patients set blood_group = 'AB', blood_rh = '-' where id = ?", [idPatient]);
      expect(await cardReads('ros')).toBe(1);
      expect(cardOf(await firstPage(medic, 'osa'), idPatient)).toMatchObject({ bloodGroup: 'AB', bloodRh: '-' });
    } finally {
      spied.restore();
    }
  });

  it("shows the patient's new name, email and phone to both medics, and in the filter", async () => {
    await writeStraight("update users set name = 'Rosalía', lname = 'Vidal Mora', email = 'rosalia@example.test', phone = '555 0101' where id = ?", [idUser]);
    for (const doctor of [medic, otherMedic]) {
      expect(cardOf(await firstPage(doctor), idPatient)).toMatchObject({ name: 'Rosalía', lname: 'Vidal Mora', email: 'rosalia@example.test', phone: '555 0101' });
    }
    expect(cardOf(await firstPage(medic, 'vidal'), idPatient)?.name).toBe('Rosalía');
    expect(await firstPage(medic, 'rosalia@')).toMatchObject({ total: 1 });
  });

  it('shows a new blood type', async () => {
    await writeStraight("update patients set blood_group = 'AB', blood_rh = '-' where id = ?", [idPatient]);
    expect(cardOf(await firstPage(medic), idPatient)).toMatchObject({ bloodGroup: 'AB', bloodRh: '-' });
  });

  it('counts an appointment added, moved and removed, with the last one', async () => {
    // Awaited inside the callback: the insert runs in the transaction's async context.
    const [inserted] = await inTransaction(app.deps.db, async (tx) =>
      await tx.insert(clinicalHistories).values({ patientId: idPatient, date: '2026-03-04T09:00', start: '09:00', motive: 'Control', createdAt: '2026-01-01T00:00:00Z' }).returning({ idHistory: clinicalHistories.id }),
    );
    const { idHistory } = inserted!;
    expect(cardOf(await firstPage(otherMedic), idPatient)).toMatchObject({ appointmentCount: 1, lastAppointment: '2026-03-04T09:00' });
    await writeStraight("update clinical_histories set date = '2026-05-06T10:00' where id = ?", [idHistory]);
    expect(cardOf(await firstPage(otherMedic), idPatient)?.lastAppointment).toBe('2026-05-06T10:00');
    await writeStraight('delete from clinical_histories where id = ?', [idHistory]);
    expect(cardOf(await firstPage(otherMedic), idPatient)).toMatchObject({ appointmentCount: 0, lastAppointment: null });
  });

  it('drops an unlinked patient from that medic only, and counts a newly linked one', async () => {
    const unlinked = await app.inject({ method: 'DELETE', url: `/api/medics/unlink-patient/${idPatient}`, headers: bearer(medic.access_token) });
    expect(unlinked.statusCode, unlinked.body).toBeLessThan(300);
    expect(cardOf(await firstPage(medic), idPatient)).toBeUndefined();
    expect(await firstPage(medic, 'vidal')).toMatchObject({ total: 0, patients: [] });
    expect(cardOf(await firstPage(otherMedic), idPatient)).toBeDefined();

    const newcomer = await register(app, { type: 'patient', name: 'Abel', lname: 'Aranda', email: uniqueEmail('abel') });
    expect(await linkWithConsent(app, medic, newcomer)).toBe(200);
    const page = await firstPage(medic);
    expect(page.total).toBe(1);
    expect(page.patients.map((card) => card.name)).toEqual(['Abel']);
  });

  it('stays as it was when a change is rolled back', async () => {
    const before = await firstPage(medic);
    const rename = inTransaction(app.deps.db, async (tx) => {
      await rawRun(tx, "update users set lname = 'Nadie' where id = ?", [idUser]);
      throw new Error('the change fails after the rename');
    });
    await expect(rename).rejects.toThrow('the change fails');
    expect(await firstPage(medic)).toEqual(before);
  });
});
