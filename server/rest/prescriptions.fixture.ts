// The prescription tests' practice, on a Monday at 10:30, and their helpers: a medic with a licence
// linked to a patient, an appointment of today, the same calls through REST or tRPC, and what the
// database and the audit trail hold.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Session } from '../../shared/auth';
import type { ClinicalHistory } from '../../shared/record';
import { rawGet, rawRows } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, loginRequest, register, TEST_PASSWORD, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir } from '../test/test-catalog';

// The practice's clock, in its time zone: Monday 2026-06-15 at 10:30, unless a test moves it.
export const START = new Date(2026, 5, 15, 10, 30);
export const TODAY = '2026-06-15';

/** The practice a test file's prescription tests share: built before them by usePrescribingPractice, closed after. */
export let app: FastifyInstance;
/** `now`: the practice's clock, START unless the file moves it. */
export function usePrescribingPractice({ now = () => START }: { now?: () => Date } = {}): void {
  beforeAll(async () => {
    app = await buildTestApp({ now, config: testConfig({ catalogDir: testCatalogDir(), practiceName: 'Consultorio San Rafael' }) });
  });
  afterAll(() => app.close());
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });

/** The practice's database, for what a test arranges or looks at in SQL (db/raw-sql.ts). */
export const db = () => app.deps.db;
export const patientIdOf = async (session: Session): Promise<number> =>
  (await rawGet<{ id: number }>(db(), 'select id from patients where user_id = ?', [session.user.idUser]))!.id;
export const medicIdOf = async (session: Session): Promise<number> =>
  (await rawGet<{ id: number }>(db(), 'select id from medics where user_id = ?', [session.user.idUser]))!.id;

/** A medic with a licence (unless told otherwise), whose patient registered naming them. */
export async function linkedPair({ licensed = true } = {}) {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Marta', lname: 'Solís' });
  if (licensed) {
    const profile = await call('PATCH', '/medics/me', medic, { specialty: 'Medicina familiar', licenseNumber: '12345678' });
    expect(profile.statusCode, profile.body).toBe(200);
  }
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email, name: 'Pilar', lname: 'Paz' });
  const idPatient = await patientIdOf(patient);
  const demographics = await call('PATCH', `/patients/${idPatient}`, medic, { birthDate: '1974-03-04', documentNumber: '12345678Z' });
  expect(demographics.statusCode, demographics.body).toBe(200);
  return { medic, patient, idPatient };
}

export async function appointment(medic: Session, idPatient: number, day = TODAY): Promise<ClinicalHistory> {
  const created = await call('POST', '/clinical-history', medic, { idPatient, date: `${day}T09:00`, motive: 'Faringitis', diagnoses: ['J45.9', 'I10'] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ClinicalHistory>();
}

/** A medic linked to the patient through the patient's consent (the product's way). */
export async function secondLinkedMedic(patient: Session) {
  const other = await register(app, { type: 'medic', email: uniqueEmail('colleague'), name: 'Óscar', lname: 'Ibáñez' });
  await call('PATCH', '/medics/me', other, { licenseNumber: '87654321' });
  const linked = await call('POST', '/patients/me/link-doctor', patient, { doctorEmail: other.user.email });
  expect(linked.statusCode, linked.body).toBe(200);
  return other;
}

/** The session of someone signing in again after the clock moved (the old one ended while idle). */
export async function signInAgain(session: Session): Promise<Session> {
  const login = await loginRequest(app, session.user.email, TEST_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  return login.json<Session>();
}

export const amoxicilina = {
  drug: 'Amoxicilina', strength: '500 mg', form: 'cápsulas', route: 'oral', presentation: 'Caja con 21', packages: '1 caja',
  dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: 'Tomar con alimentos.',
};
export const paracetamol = { drug: 'Paracetamol', strength: '1 g', form: 'comprimidos' };
export const unwritten = { strength: null, form: null, route: null, presentation: null, packages: null, dose: null, frequency: null, duration: null, instructions: null };

export interface Outcome {
  status: number;
  code: string | null;
  issues: { path: string; message: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export const rest = async (method: Method, url: string, session: Session, payload?: object): Promise<Outcome> => {
  const response = await call(method, url, session, payload);
  const body = response.json();
  const failed = response.statusCode >= 400;
  return { status: response.statusCode, code: failed ? body.code : null, issues: failed ? (body.issues ?? []) : [], body };
};

/** A tRPC call answering the status REST answers for the same outcome. */
export const trpc = async (success: number, work: () => Promise<unknown>): Promise<Outcome> => {
  try {
    return { status: success, code: null, issues: [], body: await work() };
  } catch (error) {
    const classified = classifyError(error);
    return { status: classified.status, code: classified.code, issues: classified.issues ?? [], body: null };
  }
};

export interface Prescribing {
  prescribe(session: Session, idHistory: number, body: object): Promise<Outcome>;
  voidIt(session: Session, idPrescription: number, body: object): Promise<Outcome>;
  read(session: Session, idPrescription: number): Promise<Outcome>;
}

export const transports: Record<'REST' | 'tRPC', Prescribing> = {
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

export const prescriptionCount = async (): Promise<number> => (await rawGet<{ n: number }>(db(), 'select count(*) as n from prescriptions'))!.n;

export const auditOf = (action: string) =>
  rawRows<{
    outcome: string;
    patientId: number | null;
    detail: string | null;
    emergency: number;
  }>(db(), 'select outcome, patient_id as "patientId", detail, emergency from audit_events where action = ? order by id', [action]);
