// A record's lists are kept in memory per patient while patients.record_version is unchanged, and
// each appointment in them names its medic. A medic who changes their name must be shown by that
// name in every record they have appointments in (migration 0012), to the medic and to the patient,
// even when those records were read, and so kept, just before.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localMoment } from '../../shared/dates';
import type { ClinicalHistory } from '../../shared/record';
import { rawGet } from '../db/raw-sql';
import { bearer, buildTestApp, callerFor, register, uniqueEmail } from '../test/helpers';

const now = new Date(2026, 5, 15, 10, 30);
const today = localMoment(now).slice(0, 10);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
});
afterAll(() => app.close());

const idPatientOf = async (patient: Session) =>
  (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;

const recordVersionOf = async (idPatient: number) =>
  (await rawGet<{ version: number }>(app.deps.db, 'select record_version as version from patients where id = ?', [idPatient]))!.version;

async function patientWithAppointmentOf(medic: Session) {
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const idPatient = await idPatientOf(patient);
  const booked = await app.inject({
    method: 'POST',
    url: '/api/clinical-history',
    headers: bearer(medic.access_token),
    payload: { idPatient, date: `${today}T09:00`, motive: 'Control' },
  });
  expect(booked.statusCode).toBe(201);
  return { patient, idPatient };
}

/** The appointments' medics as the medic's record (REST and tRPC) and the patient's own record show them. */
async function medicsShown(medic: Session, patient: Session, idPatient: number) {
  const names = (history: ClinicalHistory[]) => history.map((appointment) => appointment.medic && `${appointment.medic.name} ${appointment.medic.lname}`);
  const rest = (await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) })).json<{ history: ClinicalHistory[] }>();
  const trpc = await callerFor(app, medic.access_token).medics.patientDetail({ idPatient });
  const own = (await app.inject({ method: 'GET', url: '/api/patients/me', headers: bearer(patient.access_token) })).json<{ clinicalHistories: ClinicalHistory[] }>();
  return { rest: names(rest.history), trpc: names(trpc.history), own: names(own.clinicalHistories) };
}

const rename = (medic: Session, changes: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: '/api/medics/me', headers: bearer(medic.access_token), payload: changes });

describe('a medic who changes their name', () => {
  it('is shown by the new name in the records of every patient they have appointments with, to the medic and to the patient', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
    const first = await patientWithAppointmentOf(medic);
    const second = await patientWithAppointmentOf(medic);
    const before = { rest: ['Marta Solís'], trpc: ['Marta Solís'], own: ['Marta Solís'] };
    // Read first, so both records are kept in memory under their current versions.
    expect(await medicsShown(medic, first.patient, first.idPatient)).toEqual(before);
    expect(await medicsShown(medic, second.patient, second.idPatient)).toEqual(before);

    expect((await rename(medic, { name: 'Marta Elena', lname: 'Solís Ruiz' })).statusCode).toBe(200);

    const after = { rest: ['Marta Elena Solís Ruiz'], trpc: ['Marta Elena Solís Ruiz'], own: ['Marta Elena Solís Ruiz'] };
    expect(await medicsShown(medic, first.patient, first.idPatient)).toEqual(after);
    expect(await medicsShown(medic, second.patient, second.idPatient)).toEqual(after);
  });

  it('changes only their own appointments: another medic in the same record keeps their name', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
    const other = await register(app, { type: 'medic', email: uniqueEmail('other'), name: 'Luis', lname: 'Vega' });
    const { patient, idPatient } = await patientWithAppointmentOf(medic);
    const asked = await app.inject({ method: 'POST', url: '/api/medics/link-patient', headers: bearer(other.access_token), payload: { patientEmail: patient.user.email } });
    const { idRequest } = asked.json<{ request: { idRequest: number } }>().request;
    await app.inject({ method: 'POST', url: `/api/patients/me/link-requests/${idRequest}/accept`, headers: bearer(patient.access_token) });
    await app.inject({ method: 'POST', url: '/api/clinical-history', headers: bearer(other.access_token), payload: { idPatient, date: `${today}T12:00`, motive: 'Segunda opinión' } });
    await medicsShown(medic, patient, idPatient);

    await rename(other, { lname: 'Vega Mora' });

    // Newest first: the other medic's appointment at noon, then the morning one.
    const shown = ['Luis Vega Mora', 'Marta Solís'];
    expect(await medicsShown(medic, patient, idPatient)).toEqual({ rest: shown, trpc: shown, own: shown });
  });

  it('leaves the records they appear in as kept when the profile change keeps the name', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
    const { idPatient } = await patientWithAppointmentOf(medic);
    const version = await recordVersionOf(idPatient);

    expect((await rename(medic, { name: 'Marta', lname: 'Solís', phone: '5550001111', about: 'Medicina familiar' })).statusCode).toBe(200);

    expect(await recordVersionOf(idPatient)).toBe(version);
  });
});
