// A patient card's appointments (API.md "PatientListItem"): `lastAppointment` is the latest one that
// has begun, never a booked one still to come, and `nextAppointment` the soonest still to come. The
// list's kept pages and cards hold only until that next appointment begins: when the clock reaches
// it, with nothing else changed, the very next read shows it as the last one.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { PatientListItem, PatientPage } from '../../shared/patients';
import { rawGet, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, linkWithConsent, register, testConfig, uniqueEmail } from '../test/helpers';

// The practice's clock, moved by the tests: a moment in its (the process's) time zone.
let now = new Date(2026, 2, 10, 12, 0);

// Sessions stay open while the clock jumps weeks ahead.
const IDLE_MINUTES = 60 * 24 * 365;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ idleMinutes: IDLE_MINUTES }), now: () => now });
  // The practice's administrator: the medics below are ordinary ones.
  await register(app, { type: 'medic', email: uniqueEmail('admin') });
});
afterAll(() => app.close());

async function read(medic: Session, url: string): Promise<PatientListItem[]> {
  const response = await app.inject({ method: 'GET', url, headers: bearer(medic.access_token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientPage>().patients;
}

/** The patient's card in each way the list is read: whole, first page, and filtered (through the filter index). */
async function cardsOf(medic: Session, idPatient: number, name: string) {
  const ways = ['/api/medics/my-patients', '/api/medics/my-patients?limit=50', `/api/medics/my-patients?limit=50&q=${name}`];
  const cards = [];
  // Each page read twice: the second answer comes from what the server keeps.
  for (const url of ways) for (let time = 0; time < 2; time += 1) cards.push((await read(medic, url)).find((card) => card.idPatient === idPatient));
  return cards;
}

describe("a patient card's last and next appointment", () => {
  let medic: Session;
  let idPatient: number;

  beforeAll(async () => {
    medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    const patient = await register(app, { type: 'patient', name: 'Inés', lname: 'Citada', email: uniqueEmail('ines') });
    expect(await linkWithConsent(app, medic, patient)).toBe(200);
    const { db } = app.deps;
    idPatient = (await rawGet<{ id: number }>(db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
    const book = "insert into clinical_histories (patient_id, date, start, motive, created_at) values (?, ?, substr(?, 12, 5), 'Control', '')";
    for (const date of ['2026-03-01T10:00', '2026-03-20T09:00', '2026-04-02T09:00']) await rawRun(db, book, [idPatient, date, date]);
  });

  it('gives the latest appointment begun as the last and the soonest booked one as the next', async () => {
    for (const card of await cardsOf(medic, idPatient, 'citada')) {
      expect(card).toMatchObject({ lastAppointment: '2026-03-01T10:00', nextAppointment: '2026-03-20T09:00', appointmentCount: 3 });
    }
  });

  it('shows the next appointment as the last one from the moment it begins, with nothing else changed', async () => {
    now = new Date(2026, 2, 20, 8, 59);
    for (const card of await cardsOf(medic, idPatient, 'citada')) expect(card).toMatchObject({ lastAppointment: '2026-03-01T10:00', nextAppointment: '2026-03-20T09:00' });

    now = new Date(2026, 2, 20, 9, 0);
    for (const card of await cardsOf(medic, idPatient, 'citada')) expect(card).toMatchObject({ lastAppointment: '2026-03-20T09:00', nextAppointment: '2026-04-02T09:00' });

    now = new Date(2026, 4, 1, 9, 0);
    for (const card of await cardsOf(medic, idPatient, 'citada')) expect(card).toMatchObject({ lastAppointment: '2026-04-02T09:00', nextAppointment: null });
  });
});
