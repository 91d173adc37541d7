// A database from before the paged patient list (migrations up to 0004) upgrades at start-up with
// its links' sort keys, the medics' patient counts and the search index filled in (migration 0005).
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, callerFor, loginRequest, testConfig, TEST_PASSWORD } from '../test/helpers';
import { hashPassword } from '../auth/passwords';
import { migrationsFolder, openDatabase } from './client';
import { sqliteEngineOf } from './engine';

function migrationsBefore(dir: string, tag: string): string {
  const folder = join(dir, 'drizzle-before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const dir = mkdtempSync(join(tmpdir(), 'expediente-upgrade-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('upgrading to the paged patient list', () => {
  it('fills the sort key, the counts and the search index of the rows already there', async () => {
    const path = join(dir, 'expediente.db');
    const old = new Database(path);
    migrate(drizzle(old), { migrationsFolder: migrationsBefore(dir, '0005_patient_page') });
    const hash = await hashPassword(TEST_PASSWORD);
    const user = (email: string, type: 'medic' | 'patient', name: string, lname: string, phone: string | null = null) =>
      Number(
        old
          .prepare("insert into users (email, password_hash, type, name, lname, phone, created_at) values (?, ?, ?, ?, ?, ?, '2025-01-01T00:00:00Z')")
          .run(email, hash, type, name, lname, phone).lastInsertRowid,
      );
    const medicId = Number(old.prepare('insert into medics (user_id) values (?)').run(user('medica@old.test', 'medic', 'Marta', 'Médica')).lastInsertRowid);
    const patients = [
      ['Zoe', 'Zubiri', '5550001'],
      ['Íñigo', 'Álvarez', null],
      ['Ana', 'ruiz', '5550003'],
    ] as const;
    for (const [index, [name, lname, phone]] of patients.entries()) {
      const patientId = Number(
        old.prepare("insert into patients (user_id, created_at) values (?, '2025-01-01T00:00:00Z')").run(user(`p${index}@old.test`, 'patient', name, lname, phone)).lastInsertRowid,
      );
      old.prepare("insert into medic_patients (medic_id, patient_id, created_at) values (?, ?, '2025-01-02T00:00:00Z')").run(medicId, patientId);
    }
    old.close();

    const app = await buildTestApp({ db: openDatabase(path), config: testConfig({ dataDir: dir }) });
    try {
      const sqlite = sqliteEngineOf(app.deps.db).writer;
      expect(sqlite.prepare('select name, lname from medic_patients order by patient_id').all()).toEqual([
        { name: 'Zoe', lname: 'Zubiri' },
        { name: 'Íñigo', lname: 'Álvarez' },
        { name: 'Ana', lname: 'ruiz' },
      ]);
      expect(sqlite.prepare('select medic_id as medicId, patients from medic_patient_counts').all()).toEqual([{ medicId, patients: 3 }]);

      const medic = (await loginRequest(app, 'medica@old.test', TEST_PASSWORD)).json();
      const page = (q = '') => callerFor(app, medic.access_token).medics.patientPage({ limit: 10, q });
      expect((await page()).patients.map((patient) => patient.name)).toEqual(['Ana', 'Zoe', 'Íñigo']);
      expect((await page()).total).toBe(3);
      expect((await page('alvarez')).patients.map((patient) => patient.name)).toEqual(['Íñigo']);
      expect((await page('0003')).patients.map((patient) => patient.name)).toEqual(['Ana']);
      expect((await page('p0@old')).patients.map((patient) => patient.name)).toEqual(['Zoe']);
    } finally {
      await app.close();
    }
  });
});
