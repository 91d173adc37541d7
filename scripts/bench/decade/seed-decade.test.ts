// A tiny decade, seeded encrypted as the bench seeds it and then served by the real server from its
// DATA_DIR: a medic signs in with the seeded password, the long-history record reads with all its
// appointments (paged), the patient list pages from the trigger-kept tables, a document decrypts, the
// audit chain holds under the seeded head until a row is altered, and nothing opens without the key.
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/audit-chain';
import { readAuditHead } from '../../../server/audit/audit-head';
import { AUDIT_KEY_FILE } from '../../../server/audit/audit-key';
import { dropAuditTriggers } from '../../../server/audit/audit-tamper.fixture';
import { buildApp } from '../../../server/app';
import { openSqlite } from '../../../server/db/open-sqlite';
import { forgetPracticeKey, practiceKeyOf } from '../../../server/encryption/unlocked-practices';
import { readSecretFile } from '../../../server/secrets';
import { bearer, testConfig } from '../../../server/test/helpers';
import { DECADE_PASSPHRASE, seedDecade, unlockDecade, type SeededDecade } from './seed-decade';

let dataDir: string;
let seeded: SeededDecade;
let app: FastifyInstance;
let token: string;

const databasePath = () => join(dataDir, 'expediente.db');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'expediente-decade-'));
  seeded = await seedDecade({ dataDir, years: 10, scale: 0.0005, progress: () => {}, passphrase: DECADE_PASSPHRASE });
  // No jwtSecret: the server reads the one the seeder left, as a real start would.
  app = await buildApp({ config: testConfig({ dataDir, jwtSecret: undefined }), clientDir: null });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: seeded.medics[0]!.email, password: seeded.password } });
  expect(login.statusCode).toBe(200);
  token = login.json<{ access_token: string }>().access_token;
}, 60_000);

afterAll(async () => {
  await app?.close();
  forgetPracticeKey(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a seeded decade, served by the real server', () => {
  it('seeds every table the plan names', () => {
    const sqlite = openSqlite(databasePath(), { readonly: true });
    try {
      const count = (table: string) => sqlite.prepare(`select count(*) from ${table}`).pluck().get() as number;
      expect(count('medics')).toBe(8);
      expect(count('patients')).toBe(seeded.plan.patients);
      expect(count('vitals')).toBe(seeded.plan.vitals);
      expect(count('labs')).toBe(seeded.plan.labs);
      expect(count('files')).toBe(seeded.plan.documents);
      expect(count('audit_events')).toBeGreaterThanOrEqual(seeded.plan.auditEvents);
      expect(count('prescription_items')).toBeGreaterThanOrEqual(count('prescriptions'));
      // Every patient has one or two medics, and the trigger-kept counts agree with the links.
      expect(sqlite.prepare('select count(*) from patients where id not in (select patient_id from medic_patients)').pluck().get()).toBe(0);
      expect(sqlite.prepare('select sum(patients) from medic_patient_counts').pluck().get()).toBe(count('medic_patients'));
      // Prescription numbers run 1, 2, 3… within each year.
      expect(sqlite.prepare('select count(*) from (select year, max(seq) m, count(*) n from prescriptions group by year) where m <> n').pluck().get()).toBe(0);
    } finally {
      sqlite.close();
    }
  });

  it('reads the long-history record with its newest 50 appointments and the rest by its cursor, and the short one with its four', async () => {
    for (const [idPatient, appointments] of [
      [seeded.longHistoryPatientId, seeded.plan.longHistoryAppointments],
      [seeded.shortHistoryPatientId, seeded.plan.shortHistoryAppointments],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      type History = { closed: boolean; diagnoses: { code: string }[]; prescriptions: unknown[] };
      const record = response.json<{ history: History[]; historyTotal: number; historyNextCursor: string | null }>();
      expect(record.historyTotal).toBe(appointments);
      const history = [...record.history];
      for (let cursor = record.historyNextCursor; cursor !== null; ) {
        const page = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}/history?limit=200&cursor=${cursor}`, headers: bearer(token) });
        expect(page.statusCode).toBe(200);
        const { items, nextCursor } = page.json<{ items: History[]; nextCursor: string | null }>();
        history.push(...items);
        cursor = nextCursor;
      }
      expect(history).toHaveLength(appointments);
      expect(record.history).toHaveLength(Math.min(appointments, 50));
      expect(history.every((appointment) => appointment.closed && appointment.diagnoses.length > 0)).toBe(true);
      if (appointments > 100) expect(history.some((appointment) => appointment.prescriptions.length > 0)).toBe(true);
    }
  });

  it('pages the medic\'s patient list and finds a patient by name', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/medics/my-patients?limit=5', headers: bearer(token) });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ patients: { lname: string }[]; total: number }>();
    const sqlite = openSqlite(databasePath(), { readonly: true });
    const linked = sqlite.prepare('select count(*) from medic_patients where medic_id = ?').pluck().get(seeded.medics[0]!.idMedic);
    sqlite.close();
    expect(body.total).toBe(linked);
    expect(body.patients.length).toBe(Math.min(5, body.total));
    const found = await app.inject({ method: 'GET', url: '/api/medics/my-patients?limit=50&q=Larga', headers: bearer(token) });
    expect(found.json<{ total: number }>().total).toBe(1);
  });

  it('downloads a seeded document, decrypted by the server', async () => {
    const sqlite = openSqlite(databasePath(), { readonly: true });
    const { code } = sqlite
      .prepare('select f.code from files f join medic_patients mp on mp.patient_id = f.patient_id where mp.medic_id = ? limit 1')
      .get(seeded.medics[0]!.idMedic) as { code: string };
    sqlite.close();
    const response = await app.inject({ method: 'GET', url: `/api/medics/files/${code}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps a valid audit chain under its sealed head, and catches an altered row', async () => {
    await app.close();
    const keyFile = readSecretFile(join(dataDir, AUDIT_KEY_FILE));
    if (!keyFile.ok) throw new Error(keyFile.problem);
    const key = keyFile.value;
    const verify = () => {
      const sqlite = openSqlite(databasePath(), { readonly: true });
      try {
        return verifyAuditChain(sqlite, key, readAuditHead(dataDir, key));
      } finally {
        sqlite.close();
      }
    };
    const intact = verify();
    expect(intact.problem).toBeUndefined();
    expect(intact.verified).toBeGreaterThan(seeded.plan.auditEvents);
    const writer = openSqlite(databasePath());
    try {
      dropAuditTriggers(writer);
      writer.exec("update audit_events set detail = 'nothing to see' where id = 7");
    } finally {
      writer.close();
    }
    expect(verify().problem?.kind).toBe('altered');
  });

  it('is encrypted: the database does not open without the practice key, the key files are sealed, and the passphrase opens it again', async () => {
    const withoutKey = new Database(databasePath(), { readonly: true });
    try {
      expect(() => withoutKey.prepare('select count(*) from users').get()).toThrow(/not a database/);
    } finally {
      withoutKey.close();
    }
    expect(readFileSync(databasePath()).includes('Larga')).toBe(false);
    expect(readFileSync(join(dataDir, AUDIT_KEY_FILE), 'utf8')).toMatch(/^sealed-1:/);
    const masterKey = practiceKeyOf(dataDir);
    forgetPracticeKey(dataDir);
    expect(await unlockDecade(dataDir)).toBe(true);
    expect(practiceKeyOf(dataDir)).toEqual(masterKey);
  });
});
