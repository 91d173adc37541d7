// An install from before the consultation note (migrations up to 0010) upgrades at start-up
// without losing what its appointments say: the diagnosis_ids typed then keep answering in
// diagnosisIds, and appear in diagnoses named from the catalog when they are its codes, or as the
// stored text when they are not.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { bearer, buildTestApp, callerFor, loginRequest, testConfig, TEST_PASSWORD } from '../test/helpers';
import { testCatalogDir, testDiagnosisName } from '../test/test-catalog';
import { migrationsFolder, openDatabase } from './client';
import { rawGet } from './raw-sql';

/** The drizzle/ folder as it was before the clinical day: its journal cut before 0011. */
function migrationsBeforeClinicalDay(dir: string): string {
  const folder = join(dir, 'drizzle-before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 11);
  expect(journal.entries.at(-1)?.tag).toBe('0010_health_probe');
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const dir = mkdtempSync(join(tmpdir(), 'expediente-diagnoses-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('upgrading appointments written before the diagnosis catalog', () => {
  it('keeps their diagnosis_ids, and names each one from the catalog or by its own text', async () => {
    const path = join(dir, 'expediente.db');
    const old = new Database(path);
    migrate(drizzle(old), { migrationsFolder: migrationsBeforeClinicalDay(dir) });
    const hash = await hashPassword(TEST_PASSWORD);
    const user = (email: string, type: string, name: string) =>
      Number(old.prepare("insert into users (email, password_hash, type, name, lname, created_at) values (?, ?, ?, ?, 'Antiguo', '2025-01-01T00:00:00Z')").run(email, hash, type, name).lastInsertRowid);
    const medicUser = user('medica@old.test', 'medic', 'Elena');
    const idMedic = Number(old.prepare('insert into medics (user_id) values (?)').run(medicUser).lastInsertRowid);
    const idPatient = Number(old.prepare("insert into patients (user_id, created_at) values (?, '2025-01-01T00:00:00Z')").run(user('paciente@old.test', 'patient', 'Paula')).lastInsertRowid);
    old.prepare("insert into medic_patients (medic_id, patient_id, created_at) values (?, ?, '2025-01-02T00:00:00Z')").run(idMedic, idPatient);
    old
      .prepare(
        "insert into clinical_histories (patient_id, medic_id, date, start, motive, medications, diagnosis_ids, created_at) values (?, ?, '2025-03-04T10:00', '10:00', 'Control', '[]', ?, '2025-03-04T10:00:00Z')",
      )
      .run(idPatient, idMedic, JSON.stringify(['I10', 'texto libre']));
    old.close();

    const app = await buildTestApp({ db: openDatabase(path), config: testConfig({ dataDir: dir, catalogDir: testCatalogDir() }) });
    try {
      const medic = (await loginRequest(app, 'medica@old.test', TEST_PASSWORD)).json();
      const expected = {
        diagnosisIds: ['I10', 'texto libre'],
        diagnoses: [
          { code: 'I10', name: testDiagnosisName('I10') },
          { code: 'texto libre', name: 'texto libre' },
        ],
        subjective: null,
        exploration: null,
        plan: null,
        prognosis: null,
        medic: { idMedic, name: 'Elena', lname: 'Antiguo' },
      };
      const rest = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) });
      expect(rest.json().history).toEqual([expect.objectContaining(expected)]);
      const trpc = await callerFor(app, medic.access_token).medics.patientDetail({ idPatient });
      expect(trpc.history).toEqual([expect.objectContaining(expected)]);
      // Stored as it was: only reads name the old codes.
      expect(await rawGet(app.deps.db, 'select diagnosis_ids as ids, diagnoses from clinical_histories')).toEqual({ ids: '["I10","texto libre"]', diagnoses: '[]' });
    } finally {
      await app.close();
    }
  });
});
