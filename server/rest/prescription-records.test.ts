// What stays of a prescription (API.md "The clinical day"): numbered in sequence within
// the year even when issued at once, kept as it was signed and never deleted, carried by the record's
// appointments, and audited.
import { afterEach, describe, expect, it } from 'vitest';
import type { Prescription } from '../../shared/prescriptions';
import type { ClinicalHistory } from '../../shared/record';
import { rawRun } from '../db/raw-sql';
import { callerFor, register, rowCount, uniqueEmail } from '../test/helpers';
import { START, TODAY, app, usePrescribingPractice, call, linkedPair, appointment, signInAgain, amoxicilina, paracetamol, auditOf } from './prescriptions.fixture';

let clock = START;
usePrescribingPractice({ now: () => clock });
afterEach(() => {
  clock = START;
});

describe('prescription numbers', () => {
  it('are 20 distinct consecutive numbers when 20 prescriptions are issued at once', async () => {
    const first = await linkedPair();
    const second = await linkedPair();
    const visits = [await appointment(first.medic, first.idPatient), await appointment(second.medic, second.idPatient)];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const [session, visit] = index % 2 ? [second.medic, visits[1]!] : [first.medic, visits[0]!];
        return call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, session, { items: [paracetamol] });
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const sequences = responses.map((response) => Number(response.json<Prescription>().number.slice('2026-'.length))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => sequences[0]! + index));
  });

  it('start again at 1 in a new practice-local year', async () => {
    const { medic, idPatient } = await linkedPair();
    clock = new Date(2027, 0, 1, 0, 5);
    const signedIn = await signInAgain(medic);
    const visit = await appointment(signedIn, idPatient, '2027-01-01');
    const issued = await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, signedIn, { items: [paracetamol] });
    expect(issued.json<Prescription>()).toMatchObject({ number: '2027-000001', issuedAt: '2027-01-01T00:05' });
  });
});

describe('what is kept for good', () => {
  it('keeps what a prescription was signed with when the profile, the patient or the practice change later', async () => {
    const { medic, idPatient } = await linkedPair();
    const issued = (await call('POST', `/clinical-history/${(await appointment(medic, idPatient)).idHistory}/prescriptions`, medic, { items: [paracetamol] })).json<Prescription>();
    await call('PATCH', '/medics/me', medic, { name: 'Martina', licenseNumber: '000' });
    await call('PATCH', `/patients/${idPatient}`, medic, { documentNumber: 'X0000000T' });
    expect((await call('GET', `/prescriptions/${issued.idPrescription}`, medic)).json()).toEqual(issued);
  });

  it('answers 409 APPOINTMENT_HAS_PRESCRIPTIONS to deleting an appointment that holds one, voided or not, which stays', async () => {
    const { medic, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const issued = (await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [paracetamol] })).json<Prescription>();
    await call('POST', `/prescriptions/${issued.idPrescription}/void`, medic, { reason: 'Error' });
    const refused = await call('DELETE', `/clinical-history/${visit.idHistory}`, medic);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'APPOINTMENT_HAS_PRESCRIPTIONS', message: expect.stringContaining('void') });
    await expect(callerFor(app, medic.access_token).clinicalHistory.remove({ idHistory: visit.idHistory })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await call('GET', `/prescriptions/${issued.idPrescription}`, medic)).statusCode).toBe(200);
    expect((await auditOf('appointment.delete')).at(-1)).toMatchObject({ outcome: 'failure', patientId: idPatient, detail: 'APPOINTMENT_HAS_PRESCRIPTIONS' });
  });

  it('answers 409 APPOINTMENT_HAS_PRESCRIPTIONS to moving an appointment that holds one to another day, and lets its time change', async () => {
    const { medic, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [paracetamol] });
    const moved = await call('PATCH', `/clinical-history/${visit.idHistory}`, medic, { date: '2026-06-16T09:00' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'APPOINTMENT_HAS_PRESCRIPTIONS', message: expect.stringContaining('moved') });
    const later = await call('PATCH', `/clinical-history/${visit.idHistory}`, medic, { date: `${TODAY}T09:30` });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ date: `${TODAY}T09:30`, start: '09:30' });
  });

  it('has no route that edits or deletes a prescription, and the database refuses both', async () => {
    const { medic, idPatient } = await linkedPair();
    const issued = (await call('POST', `/clinical-history/${(await appointment(medic, idPatient)).idHistory}/prescriptions`, medic, { items: [paracetamol] })).json<Prescription>();
    for (const method of ['PATCH', 'DELETE'] as const) expect((await call(method, `/prescriptions/${issued.idPrescription}`, medic, {})).statusCode).toBe(404);
    await expect(rawRun(app.deps.db, 'delete from prescriptions where id = ?', [issued.idPrescription])).rejects.toThrow(/never deleted/);
    await expect(rawRun(app.deps.db, "update prescriptions set notes = 'otra' where id = ?", [issued.idPrescription])).rejects.toThrow(/never edited/);
    await expect(rawRun(app.deps.db, "update prescription_items set dose = '2' where prescription_id = ?", [issued.idPrescription])).rejects.toThrow(/never edited/);
  });
});

describe("the record's appointments", () => {
  it('carry their prescriptions, voided ones marked, in the medic’s record and the patient’s own', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const prescribe = (items: object[]) => call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items }).then((response) => response.json<Prescription>());
    const first = await prescribe([amoxicilina]);
    // Read once before the void: the record's lists are cached until the record changes.
    expect((await call('GET', `/medics/patients/${idPatient}`, medic)).json().history[0].prescriptions).toEqual([first]);
    const voided = (await call('POST', `/prescriptions/${first.idPrescription}/void`, medic, { reason: 'Error de dosis' })).json<Prescription>();
    const second = await prescribe([paracetamol]);
    const history = (await call('GET', `/medics/patients/${idPatient}`, medic)).json<{ history: ClinicalHistory[] }>().history;
    expect(history[0]!.prescriptions).toEqual([voided, second]);
    expect((await call('GET', '/patients/me', patient)).json<{ clinicalHistories: ClinicalHistory[] }>().clinicalHistories[0]!.prescriptions).toEqual([voided, second]);
    const edited = await call('PATCH', `/clinical-history/${visit.idHistory}`, medic, { notes: 'Mejor' });
    expect(edited.json<ClinicalHistory>().prescriptions).toEqual([voided, second]);
  });
});

describe('the audit trail', () => {
  it('records every issue, void and read of a prescription, and each refusal, with the patient', async () => {
    const { medic, patient, idPatient } = await linkedPair({ licensed: false });
    const visit = await appointment(medic, idPatient);
    await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [paracetamol] });
    expect((await auditOf('prescription.create')).at(-1)).toMatchObject({ outcome: 'failure', patientId: idPatient, detail: 'LICENSE_NUMBER_REQUIRED' });
    await call('PATCH', '/medics/me', medic, { licenseNumber: '12345678' });
    const issued = (await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [paracetamol] })).json<Prescription>();
    expect((await auditOf('prescription.create')).at(-1)).toMatchObject({ outcome: 'success', patientId: idPatient, detail: issued.number });
    await call('GET', `/prescriptions/${issued.idPrescription}`, patient);
    expect((await auditOf('prescription.read')).at(-1)).toMatchObject({ outcome: 'success', patientId: idPatient, emergency: 0 });
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const eventsBefore = await rowCount(app, 'audit_events');
    await call('GET', `/prescriptions/${issued.idPrescription}`, stranger);
    expect(await rowCount(app, 'audit_events')).toBe(eventsBefore + 1);
    expect((await auditOf('prescription.read')).at(-1)).toMatchObject({ outcome: 'denied', patientId: idPatient });
    await call('POST', '/medics/emergency-access', stranger, { patientEmail: patient.user.email, reason: 'Paciente inconsciente en urgencias' });
    expect((await call('GET', `/prescriptions/${issued.idPrescription}`, stranger)).statusCode).toBe(200);
    expect((await auditOf('prescription.read')).at(-1)).toMatchObject({ outcome: 'success', emergency: 1, detail: 'Paciente inconsciente en urgencias' });
    await call('POST', `/prescriptions/${issued.idPrescription}/void`, stranger, { reason: 'Intento' });
    expect((await auditOf('prescription.void')).at(-1)).toMatchObject({ outcome: 'denied', emergency: 1 });
    await call('POST', `/prescriptions/${issued.idPrescription}/void`, medic, { reason: 'Error' });
    expect((await auditOf('prescription.void')).at(-1)).toMatchObject({ outcome: 'success', patientId: idPatient });
  });
});
