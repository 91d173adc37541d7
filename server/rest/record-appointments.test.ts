// Appointments in a patient's record (API.md): made, edited, moved and deleted under the
// today-or-later rule, by a medic linked to the patient.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { errorOf, register, uniqueEmail } from '../test/helpers';
import { testDiagnosisName } from '../test/test-catalog';
import { today, yesterday, tomorrow, app, usePatientRecordPractice, call, linkedPair } from './patient-record.fixture';

usePatientRecordPractice();

describe('appointments', () => {
  const create = (medic: Session, idPatient: number, date: string, extra: object = {}) =>
    call('POST', '/api/clinical-history', medic, { idPatient, date, motive: 'Revisión', ...extra });

  it('creates an appointment (201) with its start taken from the date-time', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await create(medic, idPatient, `${today}T09:45`, { notes: 'Dolor de cabeza', medications: ['Paracetamol 500 mg'], diagnosisIds: ['R51'] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      idHistory: expect.any(Number),
      idPatient,
      idMedic: expect.any(Number),
      date: `${today}T09:45`,
      start: '09:45',
      end: null,
      motive: 'Revisión',
      notes: 'Dolor de cabeza',
      medications: ['Paracetamol 500 mg'],
      diagnosisIds: ['R51'],
      subjective: null,
      exploration: null,
      plan: null,
      prognosis: null,
      diagnoses: [{ code: 'R51', name: testDiagnosisName('R51') }],
      medic: { idMedic: expect.any(Number), name: medic.user.name, lname: medic.user.lname },
      closed: false,
      prescriptions: [],
      addenda: [],
      writtenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lateEntry: false,
    });
  });

  it('requires a valid date-time and a motive', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('POST', '/api/clinical-history', medic, { idPatient, date: '2026-13-01T10:00' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.map((issue) => issue.path).sort()).toEqual(['date', 'motive']);
  });

  it("edits and deletes today's appointment", async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${today}T08:00`, { medications: ['Ibuprofeno'], diagnosisIds: ['M54'] })).json();
    const edited = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { motive: 'Control', date: `${today}T11:15`, end: '11:45' });
    expect(edited.statusCode).toBe(200);
    // What the edit did not name stays as it was.
    expect(edited.json()).toEqual({ ...appointment, motive: 'Control', date: `${today}T11:15`, start: '11:15', end: '11:45' });
    expect((await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic)).statusCode).toBe(204);
  });

  it("answers 409 APPOINTMENT_LOCKED to editing, moving or deleting yesterday's appointment, which stays as written", async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${yesterday}T08:00`)).json();
    for (const changes of [{ motive: 'Otro' }, { date: `${tomorrow}T08:00` }]) {
      const edit = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, changes);
      expect(edit.statusCode).toBe(409);
      expect(errorOf(edit).code).toBe('APPOINTMENT_LOCKED');
    }
    const remove = await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic);
    expect(remove.statusCode).toBe(409);
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.history).toEqual([appointment]);
  });

  it("moves a booked appointment of a later day to another day and time, and cancels it (today or later may change)", async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${tomorrow}T08:00`, { end: '08:30' })).json();
    const moved = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { date: '2026-06-22T12:15', end: '12:45', motive: 'Control' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...appointment, date: '2026-06-22T12:15', start: '12:15', end: '12:45', motive: 'Control' });
    // Onto today is a move too.
    expect((await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { date: `${today}T17:00`, end: '17:30' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic)).statusCode).toBe(204);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, medic)).json().history).toEqual([]);
  });

  it('refuses with 400 to move an appointment onto a day before today, naming the date, and keeps it where it was', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const day of [today, tomorrow]) {
      const appointment = (await create(medic, idPatient, `${day}T08:00`)).json();
      const moved = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { date: `${yesterday}T08:00` });
      expect(moved.statusCode).toBe(400);
      expect(errorOf(moved)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'date', message: 'validation.appointmentInPast' }] });
      const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
      expect(detail.history).toContainEqual(appointment);
    }
  });

  it('lets the medic close a past appointment', async () => {
    const { medic, idPatient } = await linkedPair();
    const appointment = (await create(medic, idPatient, `${yesterday}T08:00`)).json();
    const closed = await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { closed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ ...appointment, closed: true });
  });

  it('answers 404 to a medic not linked to the patient, for creating, editing and deleting', async () => {
    const { medic, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const appointment = (await create(medic, idPatient, `${today}T08:00`)).json();
    expect((await create(stranger, idPatient, `${today}T09:00`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, stranger, { motive: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/clinical-history/999999', medic)).statusCode).toBe(404);
  });
});
