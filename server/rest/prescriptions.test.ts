// Prescriptions (API.md "The clinical day", issue 22), through REST and tRPC alike: issued from an
// appointment of today by a linked medic whose profile has a licence number, numbered in sequence
// within the year even when issued at once, printed with what they were signed with, voided once by
// their author on their day and never deleted, read by a linked medic or their own patient only,
// carried by the record's appointments, audited, and suggested back to the prescribing form.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { DRUG_SUGGESTIONS_MAX, PRESCRIPTION_ITEMS_MAX, type Prescription } from '../../shared/prescriptions';
import type { ClinicalHistory } from '../../shared/record';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, loginRequest, register, rowCount, TEST_PASSWORD, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir, testDiagnosisName } from '../test/test-catalog';

// The practice's clock, in its time zone: Monday 2026-06-15 at 10:30, unless a test moves it.
const START = new Date(2026, 5, 15, 10, 30);
const TODAY = '2026-06-15';
let clock = START;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock, config: testConfig({ catalogDir: testCatalogDir(), practiceName: 'Consultorio San Rafael' }) });
});
afterAll(() => app.close());
afterEach(() => {
  clock = START;
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });

const db = () => app.deps.db.$client;
const patientIdOf = (session: Session) => (db().prepare('select id from patients where user_id = ?').get(session.user.idUser) as { id: number }).id;
const medicIdOf = (session: Session) => (db().prepare('select id from medics where user_id = ?').get(session.user.idUser) as { id: number }).id;

/** A medic with a licence (unless told otherwise), whose patient registered naming them. */
async function linkedPair({ licensed = true } = {}) {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
  if (licensed) {
    const profile = await call('PATCH', '/medics/me', medic, { specialty: 'Medicina familiar', licenseNumber: '12345678' });
    expect(profile.statusCode, profile.body).toBe(200);
  }
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email, name: 'Pilar', lname: 'Paz' });
  const idPatient = patientIdOf(patient);
  const demographics = await call('PATCH', `/patients/${idPatient}`, medic, { birthDate: '1974-03-04', documentNumber: '12345678Z' });
  expect(demographics.statusCode, demographics.body).toBe(200);
  return { medic, patient, idPatient };
}

async function appointment(medic: Session, idPatient: number, day = TODAY): Promise<ClinicalHistory> {
  const created = await call('POST', '/clinical-history', medic, { idPatient, date: `${day}T09:00`, motive: 'Faringitis', diagnoses: ['J45.9', 'I10'] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ClinicalHistory>();
}

/** A medic linked to the patient through the patient's consent (the product's way). */
async function secondLinkedMedic(patient: Session) {
  const other = await register(app, { type: 'medic', email: uniqueEmail('colleague'), name: 'Óscar', lname: 'Ibáñez' });
  await call('PATCH', '/medics/me', other, { licenseNumber: '87654321' });
  const linked = await call('POST', '/patients/me/link-doctor', patient, { doctorEmail: other.user.email });
  expect(linked.statusCode, linked.body).toBe(200);
  return other;
}

/** The session of someone signing in again after the clock moved (the old one ended while idle). */
async function signInAgain(session: Session): Promise<Session> {
  const login = await loginRequest(app, session.user.email, TEST_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  return login.json<Session>();
}

const amoxicilina = {
  drug: 'Amoxicilina', strength: '500 mg', form: 'cápsulas', route: 'oral', presentation: 'Caja con 21', packages: '1 caja',
  dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: 'Tomar con alimentos.',
};
const paracetamol = { drug: 'Paracetamol', strength: '1 g', form: 'comprimidos' };
const unwritten = { strength: null, form: null, route: null, presentation: null, packages: null, dose: null, frequency: null, duration: null, instructions: null };

interface Outcome {
  status: number;
  code: string | null;
  issues: { path: string; message: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

const rest = async (method: Method, url: string, session: Session, payload?: object): Promise<Outcome> => {
  const response = await call(method, url, session, payload);
  const body = response.json();
  const failed = response.statusCode >= 400;
  return { status: response.statusCode, code: failed ? body.code : null, issues: failed ? (body.issues ?? []) : [], body };
};

/** A tRPC call answering the status REST answers for the same outcome. */
const trpc = async (success: number, work: () => Promise<unknown>): Promise<Outcome> => {
  try {
    return { status: success, code: null, issues: [], body: await work() };
  } catch (error) {
    const classified = classifyError(error);
    return { status: classified.status, code: classified.code, issues: classified.issues ?? [], body: null };
  }
};

interface Prescribing {
  prescribe(session: Session, idHistory: number, body: object): Promise<Outcome>;
  voidIt(session: Session, idPrescription: number, body: object): Promise<Outcome>;
  read(session: Session, idPrescription: number): Promise<Outcome>;
}

const transports: Record<'REST' | 'tRPC', Prescribing> = {
  REST: {
    prescribe: (session, idHistory, body) => rest('POST', `/clinical-history/${idHistory}/prescriptions`, session, body),
    voidIt: (session, idPrescription, body) => rest('POST', `/prescriptions/${idPrescription}/void`, session, body),
    read: (session, idPrescription) => rest('GET', `/prescriptions/${idPrescription}`, session),
  },
  tRPC: {
    prescribe: (session, idHistory, body) => trpc(201, () => callerFor(app, session.access_token).clinicalHistory.prescribe({ idHistory, ...body } as never)),
    voidIt: (session, idPrescription, body) =>
      trpc(200, () => callerFor(app, session.access_token).clinicalHistory.voidPrescription({ idPrescription, ...body } as never)),
    read: (session, idPrescription) => trpc(200, () => callerFor(app, session.access_token).clinicalHistory.prescription({ idPrescription })),
  },
};

const prescriptionCount = () => (db().prepare('select count(*) as n from prescriptions').get() as { n: number }).n;

const auditOf = (action: string) =>
  db().prepare('select outcome, patient_id as patientId, detail, emergency from audit_events where action = ? order by id').all(action) as {
    outcome: string;
    patientId: number | null;
    detail: string | null;
    emergency: number;
  }[];

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
      medic: { idMedic: medicIdOf(medic), name: 'Marta', lname: 'Solís', specialty: 'Medicina familiar', licenseNumber: '12345678' },
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
    const before = prescriptionCount();
    for (const day of ['2026-06-14', '2026-06-16']) {
      const refused = await t.prescribe(medic, (await appointment(medic, idPatient, day)).idHistory, { items: [paracetamol] });
      expect([refused.status, refused.code], day).toEqual([409, 'APPOINTMENT_LOCKED']);
    }
    expect(prescriptionCount()).toBe(before);
  });

  it('answers 409 LICENSE_NUMBER_REQUIRED to a medic whose profile has no licence number, and stores nothing', async () => {
    const { medic, idPatient } = await linkedPair({ licensed: false });
    const visit = await appointment(medic, idPatient);
    const before = prescriptionCount();
    const refused = await t.prescribe(medic, visit.idHistory, { items: [paracetamol] });
    expect([refused.status, refused.code]).toEqual([409, 'LICENSE_NUMBER_REQUIRED']);
    expect(prescriptionCount()).toBe(before);
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
    expect(db().prepare('select voided_at as voidedAt from prescriptions where id = ?').get(issued.idPrescription)).toEqual({ voidedAt: null });
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
    expect(auditOf('appointment.delete').at(-1)).toMatchObject({ outcome: 'failure', patientId: idPatient, detail: 'APPOINTMENT_HAS_PRESCRIPTIONS' });
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
    expect(() => db().prepare('delete from prescriptions where id = ?').run(issued.idPrescription)).toThrow(/never deleted/);
    expect(() => db().prepare("update prescriptions set notes = 'otra' where id = ?").run(issued.idPrescription)).toThrow(/never edited/);
    expect(() => db().prepare("update prescription_items set dose = '2' where prescription_id = ?").run(issued.idPrescription)).toThrow(/never edited/);
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
    expect(auditOf('prescription.create').at(-1)).toMatchObject({ outcome: 'failure', patientId: idPatient, detail: 'LICENSE_NUMBER_REQUIRED' });
    await call('PATCH', '/medics/me', medic, { licenseNumber: '12345678' });
    const issued = (await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [paracetamol] })).json<Prescription>();
    expect(auditOf('prescription.create').at(-1)).toMatchObject({ outcome: 'success', patientId: idPatient, detail: issued.number });
    await call('GET', `/prescriptions/${issued.idPrescription}`, patient);
    expect(auditOf('prescription.read').at(-1)).toMatchObject({ outcome: 'success', patientId: idPatient, emergency: 0 });
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const eventsBefore = rowCount(app, 'audit_events');
    await call('GET', `/prescriptions/${issued.idPrescription}`, stranger);
    expect(rowCount(app, 'audit_events')).toBe(eventsBefore + 1);
    expect(auditOf('prescription.read').at(-1)).toMatchObject({ outcome: 'denied', patientId: idPatient });
    await call('POST', '/medics/emergency-access', stranger, { patientEmail: patient.user.email, reason: 'Paciente inconsciente en urgencias' });
    expect((await call('GET', `/prescriptions/${issued.idPrescription}`, stranger)).statusCode).toBe(200);
    expect(auditOf('prescription.read').at(-1)).toMatchObject({ outcome: 'success', emergency: 1, detail: 'Paciente inconsciente en urgencias' });
    await call('POST', `/prescriptions/${issued.idPrescription}/void`, stranger, { reason: 'Intento' });
    expect(auditOf('prescription.void').at(-1)).toMatchObject({ outcome: 'denied', emergency: 1 });
    await call('POST', `/prescriptions/${issued.idPrescription}/void`, medic, { reason: 'Error' });
    expect(auditOf('prescription.void').at(-1)).toMatchObject({ outcome: 'success', patientId: idPatient });
  });
});

describe('drugs the practice prescribed before (GET /medics/prescribed-drugs)', () => {
  const suggest = async (session: Session, q: string) => {
    const response = await call('GET', `/medics/prescribed-drugs?q=${encodeURIComponent(q)}`, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ drug: string; strength: string | null; form: string | null; dose: string | null }[]>();
  };

  it('suggests each drug, strength and form once, the most prescribed first, as last written, by the start of any word, regardless of case and accents', async () => {
    const { medic, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const prescribe = (items: object[]) => call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items });
    await prescribe([{ drug: 'Ácido acetilsalicílico Xq', strength: '100 mg', form: 'comprimidos', dose: '1 comprimido' }]);
    await prescribe([{ drug: 'Ácido fólico Xq', strength: '5 mg', form: 'comprimidos' }]);
    await prescribe([{ drug: 'Ácido fólico Xq', strength: '5 mg', form: 'comprimidos', dose: '1 al día' }]);
    await prescribe([{ drug: 'Ácido acetilsalicílico Xq', strength: '500 mg', form: 'comprimidos' }]);
    await prescribe([{ drug: 'Ácido fólico Xq', strength: '5 mg', form: 'comprimidos', dose: '2 al día' }]);

    const found = await suggest(medic, 'ACIDO');
    const xq = found.filter((drug) => drug.drug.endsWith('Xq'));
    expect(xq.map((drug) => [drug.drug, drug.strength, drug.dose])).toEqual([
      ['Ácido fólico Xq', '5 mg', '2 al día'],
      ['Ácido acetilsalicílico Xq', '500 mg', null],
      ['Ácido acetilsalicílico Xq', '100 mg', '1 comprimido'],
    ]);
    expect(Object.keys(xq[0]!).sort()).toEqual(['dose', 'drug', 'duration', 'form', 'frequency', 'packages', 'presentation', 'route', 'strength']);
    expect((await suggest(medic, 'folic')).map((drug) => drug.drug)).toContain('Ácido fólico Xq');
    expect((await suggest(medic, 'xq')).length).toBe(3);
    expect(await suggest(medic, 'olico')).toEqual([]);
    expect(await suggest(medic, 'á')).toEqual([]);
  });

  it(`answers at most ${DRUG_SUGGESTIONS_MAX}, leaves out voided prescriptions, and answers only medics (403 to a patient)`, async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const items = Array.from({ length: DRUG_SUGGESTIONS_MAX + 2 }, (_, index) => ({ drug: `Zeta${index}` }));
    await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items });
    expect(await suggest(medic, 'zeta')).toHaveLength(DRUG_SUGGESTIONS_MAX);
    const slip = (await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [{ drug: 'Yodurox' }] })).json<Prescription>();
    expect(await suggest(medic, 'yodu')).toHaveLength(1);
    await call('POST', `/prescriptions/${slip.idPrescription}/void`, medic, { reason: 'Error' });
    expect(await suggest(medic, 'yodu')).toEqual([]);
    expect((await call('GET', '/medics/prescribed-drugs?q=zeta', patient)).statusCode).toBe(403);
    expect(await callerFor(app, medic.access_token).medics.prescribedDrugs({ q: 'zeta' })).toHaveLength(DRUG_SUGGESTIONS_MAX);
  });
});
