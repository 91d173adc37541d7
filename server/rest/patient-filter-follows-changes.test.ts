// A filtered patient-list page is answered from the medic's filter index in memory
// (services/patient-filter-index.ts), kept at the medic's search_version (migration 0017). Whatever
// changes what a filter finds must show on the very next request; an appointment, which changes a
// card but not what a filter finds, must leave the index as it is and still show on the card.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { PatientPage } from '../../shared/patients';
import { rawGet, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, linkWithConsent, register, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A change written straight in the database, as another process or a hand would. */
const writeStraight = (text: string, params: unknown[]) => rawRun(app.deps.db, text, params);

// The patients' addresses carry no digits (uniqueEmail's carry a timestamp): a filter by two digits
// of a phone below must find the phone, never a timestamp that happens to hold the same two digits.
let emails = 0;
const lettersOf = (n: number) => [...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
const digitFreeEmail = (prefix: string) => `${prefix}.${lettersOf(++emails)}@example.test`;

async function filtered(medic: Session, q: string, limit = 50, cursor?: string): Promise<PatientPage> {
  const query = new URLSearchParams({ limit: String(limit), q, ...(cursor ? { cursor } : {}) });
  const response = await app.inject({ method: 'GET', url: `/api/medics/my-patients?${query}`, headers: bearer(medic.access_token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientPage>();
}

const names = async (medic: Session, q: string) => (await filtered(medic, q)).patients.map((patient) => `${patient.name} ${patient.lname}`);
const patientIdOf = async (session: Session) => (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [session.user.idUser]))!.id;
const medicIdOf = async (session: Session) => (await rawGet<{ id: number }>(app.deps.db, 'select id from medics where user_id = ?', [session.user.idUser]))!.id;
const versionsOf = async (medic: Session) =>
  (await rawGet<{ list: number; search: number }>(app.deps.db, 'select list_version as list, search_version as search from medic_patient_counts where medic_id = ?', [
    await medicIdOf(medic),
  ]))!;

describe('the filter index of a medic’s patient list', () => {
  let medic: Session;
  let rosa: Session;
  let ramon: Session;

  beforeEach(async () => {
    medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    rosa = await register(app, { type: 'patient', name: 'Rosa', lname: 'Vidal', email: digitFreeEmail('rosa') });
    ramon = await register(app, { type: 'patient', name: 'Ramón', lname: 'Vidal Ortiz', email: digitFreeEmail('ramon') });
    for (const patient of [rosa, ramon]) expect(await linkWithConsent(app, medic, patient)).toBe(200);
    // The index is built and kept: every later request below reads it again unless a change replaced it.
    expect(await names(medic, 'vidal')).toEqual(['Rosa Vidal', 'Ramón Vidal Ortiz']);
  });

  it('finds a renamed patient by the new name and not the old one, in the order of the new name', async () => {
    const before = await versionsOf(medic);
    await writeStraight("update users set name = 'Rosalía', lname = 'Zamora' where id = ?", [rosa.user.idUser]);
    expect((await versionsOf(medic)).search).not.toBe(before.search);
    expect(await names(medic, 'rosa')).toEqual(['Rosalía Zamora']);
    expect(await names(medic, 'vidal')).toEqual(['Ramón Vidal Ortiz']);
    expect((await filtered(medic, 'vidal')).total).toBe(1);
    expect(await names(medic, 'zamora')).toEqual(['Rosalía Zamora']);
    // One and two characters are answered by the index too; the order follows the new last name.
    expect(await names(medic, 'a')).toEqual(['Ramón Vidal Ortiz', 'Rosalía Zamora']);
    expect(await names(medic, 'zz')).toEqual([]);
  });

  it('finds a patient by an email and phone changed through the API', async () => {
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/patients/${await patientIdOf(ramon)}`,
      headers: bearer(medic.access_token),
      payload: { email: 'ramon.nuevo@example.test', phone: '555 4321' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await names(medic, 'ramon.nuevo')).toEqual(['Ramón Vidal Ortiz']);
    expect(await names(medic, '4321')).toEqual(['Ramón Vidal Ortiz']);
    expect(await names(medic, '43')).toEqual(['Ramón Vidal Ortiz']);
  });

  it('counts a newly linked patient in the filtered total, and drops an unlinked one', async () => {
    const newcomer = await register(app, { type: 'patient', name: 'Vera', lname: 'Vidal', email: uniqueEmail('vera') });
    expect(await linkWithConsent(app, medic, newcomer)).toBe(200);
    const withNewcomer = await filtered(medic, 'vidal');
    expect(withNewcomer.total).toBe(3);
    expect(withNewcomer.patients.map((patient) => patient.name)).toEqual(['Rosa', 'Vera', 'Ramón']);

    const unlinked = await app.inject({ method: 'DELETE', url: `/api/medics/unlink-patient/${await patientIdOf(rosa)}`, headers: bearer(medic.access_token) });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    const withoutRosa = await filtered(medic, 'vidal');
    expect(withoutRosa.total).toBe(2);
    expect(withoutRosa.patients.map((patient) => patient.name)).toEqual(['Vera', 'Ramón']);
    expect(await filtered(medic, 'rosa')).toMatchObject({ total: 0, patients: [] });
  });

  it("shows each card's appointment figures as they are now, whoever wrote the change (kept at the patient's record_version)", async () => {
    const book = async (date: string) => {
      const booked = await app.inject({
        method: 'POST',
        url: '/api/clinical-history',
        headers: bearer(medic.access_token),
        payload: { idPatient: await patientIdOf(rosa), date, motive: 'Control' },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return booked.json<{ idHistory: number }>().idHistory;
    };
    const rosaCard = async (q: string) => (await filtered(medic, q)).patients.find((patient) => patient.name === 'Rosa');
    const early = await book('2026-03-04T09:00');
    const late = await book('2026-05-06T10:00');
    expect(await rosaCard('vid')).toMatchObject({ appointmentCount: 2, lastAppointment: '2026-05-06T10:00' });
    // A new filter each time, so no page kept in memory answers; the figures of the patient may be.
    await writeStraight("update clinical_histories set date = '2026-02-01T10:00', start = '10:00' where id = ?", [late]);
    expect(await rosaCard('vida')).toMatchObject({ appointmentCount: 2, lastAppointment: '2026-03-04T09:00' });
    await writeStraight('delete from clinical_histories where id = ?', [early]);
    expect(await rosaCard('idal')).toMatchObject({ appointmentCount: 1, lastAppointment: '2026-02-01T10:00' });
    await writeStraight("update patients set blood_group = 'AB', blood_rh = '-' where id = ?", [await patientIdOf(rosa)]);
    expect(await rosaCard('rosa')).toMatchObject({ appointmentCount: 1, bloodGroup: 'AB', bloodRh: '-' });
  });

  it('keeps the index through a booking, which still shows on the filtered card', async () => {
    const before = await versionsOf(medic);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/clinical-history',
      headers: bearer(medic.access_token),
      payload: { idPatient: await patientIdOf(rosa), date: '2026-03-04T09:00', motive: 'Control' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await versionsOf(medic);
    expect(after.list).not.toBe(before.list);
    expect(after.search).toBe(before.search);
    const page = await filtered(medic, 'vidal');
    expect(page.patients.find((patient) => patient.name === 'Rosa')).toMatchObject({ appointmentCount: 1, lastAppointment: '2026-03-04T09:00' });
    expect(page.patients.find((patient) => patient.name === 'Ramón')).toMatchObject({ appointmentCount: 0 });
  });

  it('continues a filtered cursor past a patient renamed between two pages, from the database', async () => {
    const first = await filtered(medic, 'vidal', 1);
    expect(first.patients.map((patient) => patient.name)).toEqual(['Rosa']);
    // Rosa moves after Ramón: her cursor no longer matches the index, and the next page starts after
    // the key it was sent with, as an unfiltered page does.
    await writeStraight("update users set lname = 'Vidal Zubiri' where id = ?", [rosa.user.idUser]);
    const second = await filtered(medic, 'vidal', 1, first.nextCursor!);
    expect(second.patients.map((patient) => patient.name)).toEqual(['Ramón']);
    expect(second.total).toBe(2);
  });
});
