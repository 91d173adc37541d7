// An install from before practice administration (migrations 0000 and 0001 only) upgrades at
// start-up: its links stay, everyone can still sign in, and its earliest medic administers.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, bearer, loginRequest, testConfig, TEST_PASSWORD } from '../test/helpers';
import { migrationsFolder, openDatabase } from './client';
import { rawGet, rawRows } from './raw-sql';

/** The drizzle/ folder as it was before this change: its journal cut to the first two migrations. */
function previousMigrations(dir: string): string {
  const folder = join(dir, 'drizzle-before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => ['0000_initial', '0001_audit_append_only'].includes(entry.tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const dir = mkdtempSync(join(tmpdir(), 'expediente-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('upgrading a database made by the previous schema', () => {
  it('keeps links and accounts, and makes the earliest medic the administrator', async () => {
    const path = join(dir, 'expediente.db');
    const old = new Database(path);
    migrate(drizzle(old), { migrationsFolder: previousMigrations(dir) });
    const hash = await hashPassword(TEST_PASSWORD);
    const insertUser = old.prepare("insert into users (email, password_hash, type, name, lname, created_at) values (?, ?, ?, ?, ?, '2025-01-01T00:00:00Z')");
    const user = (email: string, type: 'medic' | 'patient', name: string) => Number(insertUser.run(email, hash, type, name, 'Antiguo').lastInsertRowid);
    // A patient first, so "earliest medic" is not simply the first user.
    const patientUser = user('paciente@old.test', 'patient', 'Paula');
    const firstMedicUser = user('primera@old.test', 'medic', 'Primera');
    const secondMedicUser = user('segundo@old.test', 'medic', 'Segundo');
    const medicRow = (userId: number) => Number(old.prepare('insert into medics (user_id) values (?)').run(userId).lastInsertRowid);
    const firstMedic = medicRow(firstMedicUser);
    const secondMedic = medicRow(secondMedicUser);
    const patientId = Number(old.prepare("insert into patients (user_id, created_at) values (?, '2025-01-01T00:00:00Z')").run(patientUser).lastInsertRowid);
    for (const medicId of [firstMedic, secondMedic]) {
      old.prepare("insert into medic_patients (medic_id, patient_id, created_at) values (?, ?, '2025-01-02T00:00:00Z')").run(medicId, patientId);
    }
    old.prepare("insert into audit_events (at, actor_user_id, actor_type, action, patient_id, outcome) values ('2025-01-03T00:00:00Z', ?, 'medic', 'patient.detail', ?, 'success')").run(firstMedicUser, patientId);
    old.close();

    const app = await buildTestApp({ db: openDatabase(path), config: testConfig({ dataDir: dir }) });
    try {
      const rows = await rawRows(app.deps.db, 'select email, is_admin, status from users order by id');
      expect(rows).toEqual([
        { email: 'paciente@old.test', is_admin: 0, status: 'active' },
        { email: 'primera@old.test', is_admin: 1, status: 'active' },
        { email: 'segundo@old.test', is_admin: 0, status: 'active' },
      ]);
      expect(await rawGet(app.deps.db, 'select count(*) as n from medic_patients')).toEqual({ n: 2 });
      expect(await rawRows(app.deps.db, 'select emergency from audit_events')).toEqual([{ emergency: 0 }]);

      const admin = (await loginRequest(app, 'primera@old.test', TEST_PASSWORD)).json();
      expect(admin.user).toMatchObject({ isAdmin: true, status: 'active' });
      expect((await app.inject({ method: 'GET', url: '/api/admin/medics', headers: bearer(admin.access_token) })).statusCode).toBe(200);
      const second = (await loginRequest(app, 'segundo@old.test', TEST_PASSWORD)).json();
      expect(second.user).toMatchObject({ isAdmin: false, status: 'active' });
      const record = await app.inject({ method: 'GET', url: `/api/medics/patients/${patientId}`, headers: bearer(second.access_token) });
      expect(record.statusCode).toBe(200);
      const patient = (await loginRequest(app, 'paciente@old.test', TEST_PASSWORD)).json();
      const self = await app.inject({ method: 'GET', url: '/api/patients/me', headers: bearer(patient.access_token) });
      expect(self.json().doctors.map((doctor: { name: string }) => doctor.name).sort()).toEqual(['Primera', 'Segundo']);
      // The next medic to register waits for the administrator.
      const newcomer = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Nuevo', lname: 'Medico', email: 'nuevo@old.test', password: TEST_PASSWORD, type: 'medic' },
      });
      expect(newcomer.json()).toEqual({ pending: true, message: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});
