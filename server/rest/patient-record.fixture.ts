// The patient-record tests' practice, at a fixed "now", and their helpers: a call as a user, a medic
// linked to a patient, and a sample item of each of the seven sub-record collections.
import { openTestDatabase } from '../test/engine-under-test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Session } from '../../shared/auth';
import { localDay } from '../../shared/dates';
import { rawGet } from '../db/raw-sql';
import { bearer, buildTestApp, register, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir } from '../test/test-catalog';

// A fixed "now" in the practice's time zone: 2026-06-15 at 10:30 local time.
export const now = new Date(2026, 5, 15, 10, 30);
export const today = localDay(now);
export const yesterday = localDay(new Date(2026, 5, 14, 12));
export const tomorrow = localDay(new Date(2026, 5, 16, 12));

/** The practice a test file's record tests share: built before them by usePatientRecordPractice, closed after. */
export let app: FastifyInstance;
/** `onStatement` is told of every SQL statement the practice's database runs through drizzle. */
export function usePatientRecordPractice({ onStatement = () => {} }: { onStatement?: () => void } = {}): void {
  beforeAll(async () => {
    app = await buildTestApp({
      db: await openTestDatabase({ logQuery: () => onStatement() }),
      now: () => now,
      // Appointments name their diagnoses from the catalog.
      config: testConfig({ catalogDir: testCatalogDir() }),
    });
  });
  afterAll(() => app.close());
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export const call = (method: Method, url: string, session?: Session, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session.access_token) : {}, payload });

export async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

export const samples = {
  allergies: { path: 'allergies', id: 'idPatientAllergy', add: { allergyName: 'Penicilina', severity: 'Severe', type: 'Drug', reaction: 'Urticaria' }, edit: { severity: 'Mild' }, required: 'allergyName' },
  pathologicalRecords: { path: 'pathological-records', id: 'idRecord', add: { condition: 'Asma', diagnosisDate: '2020-03-01', status: 'Chronic', notes: 'Inhalador' }, edit: { status: 'Resolved' }, required: 'condition' },
  vitals: { path: 'vitals', id: 'idVital', add: { date: '2026-06-01T09:00', systolic: '120', diastolic: '80', heartRate: '72', temperature: '36.6', oxygenSaturation: '98', respiratoryRate: '16', weight: '70.4' }, edit: { respiratoryRate: 18 }, required: 'date' },
  labs: { path: 'labs', id: 'idLabs', add: { testName: 'Glucosa', value: '95', unit: 'mg/dL', referenceRange: '70-100', date: '2026-05-20', comment: 'Ayunas' }, edit: { value: '101' }, required: 'date' },
  vaccines: { path: 'vaccines', id: 'idVaccine', add: { vaccineName: 'Tétanos', date: '2025-01-10', dose: '2', manufacturer: 'Acme', nextDose: '2035-01-10' }, edit: { dose: '3' }, required: 'vaccineName' },
  contacts: { path: 'contacts', id: 'idContact', add: { name: 'Rosa Díaz', relationship: 'Madre', phone: '555 0101', email: 'rosa@example.test', address: 'Calle 1' }, edit: { phone: '555 0202' }, required: 'name' },
  familyHistory: { path: 'family-history', id: 'idFamilyHistory', add: { relative: 'Madre', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' }, edit: { relative: 'Abuela materna' }, required: 'condition' },
} as const;
