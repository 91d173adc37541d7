// npm run demo: the practice it seeds, read back through the API as a demo medic would, and its
// refusal to write over a practice that exists.
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../shared/auth';
import { localDay } from '../shared/dates';
import type { PatientListItem } from '../shared/patients';
import type { ClinicalHistory } from '../shared/record';
import { buildApp } from '../server/app';
import { bearer, loginRequest, rowCount, testConfig } from '../server/test/helpers';
import { DEMO_PATIENT_COUNT, PracticeExistsError, seedDemoPractice, type DemoPractice } from './demo/practice';

const SEEDING_MS = 60_000;
const roots: string[] = [];
const freshDataDir = () => {
  const root = mkdtempSync(join(tmpdir(), 'expediente-demo-'));
  roots.push(root);
  return join(root, 'data');
};
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

let practice: DemoPractice;
let app: FastifyInstance;
let medic: Session;
const config = () => testConfig({ dataDir: practice.dataDir, jwtSecret: undefined });

beforeAll(async () => {
  practice = await seedDemoPractice(testConfig({ dataDir: freshDataDir(), jwtSecret: undefined }));
  // The server as `npm start` builds it: its own connection to DATA_DIR's database and keys.
  app = await buildApp({ config: config(), clientDir: null });
  const login = await loginRequest(app, practice.medics[0]!.email, practice.password);
  expect(login.statusCode).toBe(200);
  medic = login.json<Session>();
}, SEEDING_MS);
afterAll(() => app?.close());

/** What a practice holds, without the moments it was written at. */
function contentOf(dataDir: string) {
  const sqlite = new Database(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    return [
      'select email, name, lname, phone, address from users',
      'select medic_id, patient_id from medic_patients',
      'select patient_id, date, systolic, diastolic, heart_rate, temperature from vitals',
      'select patient_id, test_name, value, date from labs',
      'select patient_id, medic_id, date, "end", motive, medications, closed from clinical_histories',
    ].map((query) => sqlite.prepare(`${query} order by 1, 2`).all());
  } finally {
    sqlite.close();
  }
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(medic.access_token) });

describe('npm run demo', () => {
  it('gives each medic their patients, 40 in all with some shared', async () => {
    const { patients } = (await get('/api/medics/my-patients')).json<{ patients: PatientListItem[] }>();
    expect(practice.patients).toBe(DEMO_PATIENT_COUNT);
    expect(patients).toHaveLength(practice.medics[0]!.patients);
    expect(practice.medics[0]!.patients + practice.medics[1]!.patients).toBe(DEMO_PATIENT_COUNT + practice.sharedPatients);
    expect(patients.every((patient) => patient.bloodGroup && patient.appointmentCount > 0)).toBe(true);
  });

  it('fills the featured record with every kind of item, two years of vitals and an open appointment today', async () => {
    const response = await get(`/api/medics/patients/${practice.featuredPatient.idPatient}`);
    expect(response.statusCode).toBe(200);
    const record = response.json<Record<string, unknown[]> & { history: ClinicalHistory[]; vitals: { date: string }[] }>();
    for (const kind of ['allergies', 'vitals', 'labs', 'vaccines', 'pathologicalRecords', 'contacts', 'history', 'files']) {
      expect(record[kind], kind).not.toHaveLength(0);
    }
    expect(record.insurance).toBeTruthy();
    expect(record.nationality).toBeTruthy();
    const oldest = record.vitals.map((vital) => vital.date).sort()[0]!;
    expect(Date.now() - new Date(oldest).getTime()).toBeGreaterThan(600 * 86_400_000);
    const today = record.history.filter((visit) => visit.date.startsWith(localDay(new Date())));
    expect(today).toHaveLength(1);
    expect(today[0]!.closed).toBe(false);
    expect(record.history.filter((visit) => !visit.date.startsWith(localDay(new Date()))).every((visit) => visit.closed)).toBe(true);
    expect(record.history.some((visit) => visit.medications.length > 0)).toBe(true);
  });

  it('stores two documents that download as a valid PDF and PNG', async () => {
    const { files } = (await get(`/api/medics/patients/${practice.featuredPatient.idPatient}`)).json<{ files: { code: string; mimeType: string }[] }>();
    expect(files.map((file) => file.mimeType).sort()).toEqual(['application/pdf', 'image/png']);
    for (const file of files) {
      const download = await get(`/api/medics/files/${file.code}`);
      expect(download.statusCode).toBe(200);
      const bytes = download.rawPayload;
      if (file.mimeType === 'application/pdf') {
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      } else {
        expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
      }
    }
  });

  it('lets the administrator, the other medic and the featured patient sign in with the printed password', async () => {
    for (const email of [practice.administrator.email, practice.medics[1]!.email, practice.featuredPatient.email]) {
      expect((await loginRequest(app, email, practice.password)).statusCode, email).toBe(200);
    }
  });

  it('refuses a DATA_DIR that holds a practice, and changes nothing there', async () => {
    const before = { users: rowCount(app, 'users'), events: rowCount(app, 'audit_events'), files: readdirSync(practice.dataDir).map((name) => [name, statSync(join(practice.dataDir, name)).mtimeMs]) };
    await expect(seedDemoPractice(config())).rejects.toBeInstanceOf(PracticeExistsError);
    expect(rowCount(app, 'users')).toBe(before.users);
    expect(rowCount(app, 'audit_events')).toBe(before.events);
    expect(readdirSync(practice.dataDir).map((name) => [name, statSync(join(practice.dataDir, name)).mtimeMs])).toEqual(before.files);
  });

  it('seeds the same practice on every run', async () => {
    const again = await seedDemoPractice(testConfig({ dataDir: freshDataDir(), jwtSecret: undefined }));
    expect({ ...again, dataDir: '' }).toEqual({ ...practice, dataDir: '' });
    expect(contentOf(again.dataDir)).toEqual(contentOf(practice.dataDir));
  }, SEEDING_MS);
});
