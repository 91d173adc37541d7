// A medic's patient-list page is kept in memory while nothing it shows has changed (migration
// 0008's list_version). Whatever changes what a card shows, through the product or straight in the
// database, must show in the very next read of a page read before, for every medic who has that
// patient, and a change rolled back must leave the page as it was.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../shared/auth';
import type { PatientPage } from '../../shared/patients';
import { bearer, buildTestApp, linkWithConsent, register, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const sqlite = () => app.deps.db.$client;

async function firstPage(medic: Session, q = ''): Promise<PatientPage> {
  const response = await app.inject({ method: 'GET', url: `/api/medics/my-patients?limit=50&q=${encodeURIComponent(q)}`, headers: bearer(medic.access_token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientPage>();
}

const cardOf = (page: PatientPage, idPatient: number) => page.patients.find((patient) => patient.idPatient === idPatient);

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
    idPatient = (sqlite().prepare('select id from patients where user_id = ?').get(idUser) as { id: number }).id;
    // Both medics' first pages and a filtered page are now kept (a filtered one from its second request).
    await firstPage(medic);
    await firstPage(otherMedic);
    await firstPage(medic, 'vidal');
    await firstPage(medic, 'vidal');
  });

  it('reads a card once while the medic\'s list is unchanged, and again after a change to it', async () => {
    // Card versions are read with one `get` per filtered page that needs any card it has not shown.
    const statement = Object.getPrototypeOf(sqlite().prepare('select 1')) as { get: () => unknown };
    const get = vi.spyOn(statement, 'get');
    const cardReads = async (filter: string) => {
      get.mockClear();
      expect(cardOf(await firstPage(medic, filter), idPatient)?.name).toBe('Rosa');
      return (get.mock.contexts as { source: string }[]).filter(({ source }) => source.includes('json_each(@ids)')).length;
    };
    try {
      // Shown already by the filter "vidal" above: new filters finding the same patient read no card.
      expect(await cardReads('rosa vi')).toBe(0);
      expect(await cardReads('rosa')).toBe(0);
      sqlite().prepare("update patients set blood_group = 'AB', blood_rh = '-' where id = ?").run(idPatient);
      expect(await cardReads('ros')).toBe(1);
      expect(cardOf(await firstPage(medic, 'osa'), idPatient)).toMatchObject({ bloodGroup: 'AB', bloodRh: '-' });
    } finally {
      get.mockRestore();
    }
  });

  it("shows the patient's new name, email and phone to both medics, and in the filter", async () => {
    sqlite().prepare("update users set name = 'Rosalía', lname = 'Vidal Mora', email = 'rosalia@example.test', phone = '555 0101' where id = ?").run(idUser);
    for (const doctor of [medic, otherMedic]) {
      expect(cardOf(await firstPage(doctor), idPatient)).toMatchObject({ name: 'Rosalía', lname: 'Vidal Mora', email: 'rosalia@example.test', phone: '555 0101' });
    }
    expect(cardOf(await firstPage(medic, 'vidal'), idPatient)?.name).toBe('Rosalía');
    expect(await firstPage(medic, 'rosalia@')).toMatchObject({ total: 1 });
  });

  it('shows a new blood type', async () => {
    sqlite().prepare("update patients set blood_group = 'AB', blood_rh = '-' where id = ?").run(idPatient);
    expect(cardOf(await firstPage(medic), idPatient)).toMatchObject({ bloodGroup: 'AB', bloodRh: '-' });
  });

  it('counts an appointment added, moved and removed, with the last one', async () => {
    const insert = sqlite().prepare(
      "insert into clinical_histories (patient_id, date, start, motive, created_at) values (?, ?, '09:00', 'Control', '2026-01-01T00:00:00Z')",
    );
    const idHistory = insert.run(idPatient, '2026-03-04T09:00').lastInsertRowid;
    expect(cardOf(await firstPage(otherMedic), idPatient)).toMatchObject({ appointmentCount: 1, lastAppointment: '2026-03-04T09:00' });
    sqlite().prepare("update clinical_histories set date = '2026-05-06T10:00' where id = ?").run(idHistory);
    expect(cardOf(await firstPage(otherMedic), idPatient)?.lastAppointment).toBe('2026-05-06T10:00');
    sqlite().prepare('delete from clinical_histories where id = ?').run(idHistory);
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
    const rename = sqlite().transaction(() => {
      sqlite().prepare("update users set lname = 'Nadie' where id = ?").run(idUser);
      throw new Error('the change fails after the rename');
    });
    expect(rename).toThrow('the change fails');
    expect(await firstPage(medic)).toEqual(before);
  });
});
