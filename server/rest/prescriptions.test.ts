// Prescriptions (API.md "The clinical day"), through REST and tRPC alike: issued from an
// appointment of today by a linked medic whose profile has a licence number, printed with what they
// were signed with, voided once by their author on their day, read by a linked medic or their own
// patient only.
import { afterEach, describe, expect, it } from 'vitest';
import { PRESCRIPTION_ITEMS_MAX, type Prescription } from '../../shared/prescriptions';
import { rawGet } from '../db/raw-sql';
import { register, uniqueEmail } from '../test/helpers';
import { testDiagnosisName } from '../test/test-catalog';
import { START, TODAY, app, usePrescribingPractice, call, medicIdOf, linkedPair, appointment, secondLinkedMedic, signInAgain, amoxicilina, paracetamol, unwritten, transports, prescriptionCount } from './prescriptions.fixture';

let clock = START;
usePrescribingPractice({ now: () => clock });
afterEach(() => {
  clock = START;
});

describe.each(Object.entries(transports))('prescribing through %s', (_name, t) => {
  it("issues a prescription (201) on the appointment's day, numbered in the year, printed with the prescriber, patient, practice and diagnoses, its items in order", async () => {
    const { medic, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const issued = await t.prescribe(medic, visit.idHistory, { items: [amoxicilina, paracetamol], notes: 'Volver si hay fiebre.' });
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({
      idPrescription: expect.any(Number),
      idHistory: visit.idHistory,
      number: expect.stringMatching(/^2026-\d{6}$/),
      issuedAt: `${TODAY}T10:30`,
      medic: { idMedic: await medicIdOf(medic), name: 'Marta', lname: 'Solís', specialty: 'Medicina familiar', licenseNumber: '12345678' },
      patient: { idPatient, name: 'Pilar', lname: 'Paz', birthDate: '1974-03-04', documentNumber: '12345678Z' },
      practice: { name: 'Consultorio San Rafael', address: null, city: null, phone: null },
      diagnoses: [
        { code: 'J45.9', name: testDiagnosisName('J45.9') },
        { code: 'I10', name: testDiagnosisName('I10') },
      ],
      items: [amoxicilina, { ...unwritten, ...paracetamol }],
      notes: 'Volver si hay fiebre.',
      voidedAt: null,
      voidReason: null,
    });
    expect((await t.read(medic, issued.body.idPrescription)).body).toEqual(issued.body);
  });

  it('answers 409 APPOINTMENT_LOCKED for an appointment of another day, before or after today, and stores nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await prescriptionCount();
    for (const day of ['2026-06-14', '2026-06-16']) {
      const refused = await t.prescribe(medic, (await appointment(medic, idPatient, day)).idHistory, { items: [paracetamol] });
      expect([refused.status, refused.code], day).toEqual([409, 'APPOINTMENT_LOCKED']);
    }
    expect(await prescriptionCount()).toBe(before);
  });

  it('answers 409 LICENSE_NUMBER_REQUIRED to a medic whose profile has no licence number, and stores nothing', async () => {
    const { medic, idPatient } = await linkedPair({ licensed: false });
    const visit = await appointment(medic, idPatient);
    const before = await prescriptionCount();
    const refused = await t.prescribe(medic, visit.idHistory, { items: [paracetamol] });
    expect([refused.status, refused.code]).toEqual([409, 'LICENSE_NUMBER_REQUIRED']);
    expect(await prescriptionCount()).toBe(before);
    await call('PATCH', '/medics/me', medic, { licenseNumber: 'MP-4411' });
    expect((await t.prescribe(medic, visit.idHistory, { items: [paracetamol] })).body.medic.licenseNumber).toBe('MP-4411');
  });

  it('refuses a medic not linked (404), one under emergency access (403) and a patient (403)', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    await call('PATCH', '/medics/me', stranger, { licenseNumber: '999' });
    expect((await t.prescribe(stranger, visit.idHistory, { items: [paracetamol] })).status).toBe(404);
    expect((await t.prescribe(stranger, 999_999, { items: [paracetamol] })).status).toBe(404);
    const emergency = await call('POST', '/medics/emergency-access', stranger, { patientEmail: patient.user.email, reason: 'Paciente inconsciente en urgencias' });
    expect(emergency.statusCode, emergency.body).toBe(200);
    expect((await t.prescribe(stranger, visit.idHistory, { items: [paracetamol] })).status).toBe(403);
    expect((await t.prescribe(patient, visit.idHistory, { items: [paracetamol] })).status).toBe(403);
  });

  it('takes 1 to 20 items, each with its drug, and names what is wrong (400)', async () => {
    const { medic, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const none = await t.prescribe(medic, visit.idHistory, { items: [] });
    expect([none.status, none.issues]).toEqual([400, [{ path: 'items', message: 'validation.prescriptionItemsRequired' }]]);
    const tooMany = await t.prescribe(medic, visit.idHistory, { items: Array.from({ length: PRESCRIPTION_ITEMS_MAX + 1 }, () => paracetamol) });
    expect([tooMany.status, tooMany.issues.map((issue) => issue.path)]).toEqual([400, ['items']]);
    const blankDrug = await t.prescribe(medic, visit.idHistory, { items: [paracetamol, { ...paracetamol, drug: '  ' }] });
    expect([blankDrug.status, blankDrug.issues]).toEqual([400, [{ path: 'items.1.drug', message: 'validation.drugRequired' }]]);
    const most = await t.prescribe(medic, visit.idHistory, { items: Array.from({ length: PRESCRIPTION_ITEMS_MAX }, () => paracetamol) });
    expect(most.body.items).toHaveLength(PRESCRIPTION_ITEMS_MAX);
  });

  it('lets its author void it the same day with a reason (200), once; it stays, voided', async () => {
    const { medic, idPatient } = await linkedPair();
    const issued = (await t.prescribe(medic, (await appointment(medic, idPatient)).idHistory, { items: [amoxicilina] })).body as Prescription;
    const noReason = await t.voidIt(medic, issued.idPrescription, { reason: ' ' });
    expect([noReason.status, noReason.issues]).toEqual([400, [{ path: 'reason', message: 'validation.voidReasonRequired' }]]);
    clock = new Date(2026, 5, 15, 10, 50);
    const voided = await t.voidIt(medic, issued.idPrescription, { reason: 'Dosis equivocada' });
    expect(voided.status).toBe(200);
    expect(voided.body).toEqual({ ...issued, voidedAt: `${TODAY}T10:50`, voidReason: 'Dosis equivocada' });
    const again = await t.voidIt(medic, issued.idPrescription, { reason: 'Otra vez' });
    expect([again.status, again.code]).toEqual([409, 'PRESCRIPTION_LOCKED']);
    expect((await t.read(medic, issued.idPrescription)).body).toEqual(voided.body);
  });

  it('refuses voiding on a later day (409 PRESCRIPTION_LOCKED), by another linked medic (403), by one who cannot see it (404) and by a patient (403)', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const issued = (await t.prescribe(medic, (await appointment(medic, idPatient)).idHistory, { items: [amoxicilina] })).body as Prescription;
    const colleague = await secondLinkedMedic(patient);
    expect([(await t.voidIt(colleague, issued.idPrescription, { reason: 'No es mía' })).status]).toEqual([403]);
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await t.voidIt(stranger, issued.idPrescription, { reason: 'No la veo' })).status).toBe(404);
    expect((await t.voidIt(medic, 999_999, { reason: 'No existe' })).status).toBe(404);
    expect((await t.voidIt(patient, issued.idPrescription, { reason: 'No la quiero' })).status).toBe(403);

    clock = new Date(2026, 5, 16, 9, 0);
    const nextDay = await t.voidIt(await signInAgain(medic), issued.idPrescription, { reason: 'Demasiado tarde' });
    expect([nextDay.status, nextDay.code]).toEqual([409, 'PRESCRIPTION_LOCKED']);
    expect(await rawGet(app.deps.db, 'select voided_at as "voidedAt" from prescriptions where id = ?', [issued.idPrescription])).toEqual({ voidedAt: null });
  });

  it('lets the patient read their own prescription and a linked medic read it, and answers 404 to every other patient and medic', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const issued = (await t.prescribe(medic, (await appointment(medic, idPatient)).idHistory, { items: [amoxicilina] })).body as Prescription;
    expect((await t.read(patient, issued.idPrescription)).body).toEqual(issued);
    expect((await t.read(await secondLinkedMedic(patient), issued.idPrescription)).body).toEqual(issued);
    const otherPatient = await register(app, { type: 'patient', email: uniqueEmail('other') });
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    for (const [who, session] of [['another patient', otherPatient], ['a medic not linked', stranger]] as const) {
      const refused = await t.read(session, issued.idPrescription);
      expect([refused.status, refused.code], who).toEqual([404, 'NOT_FOUND']);
    }
    expect((await t.read(patient, 999_999)).status).toBe(404);
  });
});
