// npm run demo: the practice it seeds, read back through the API as a demo medic would, encrypted
// at rest, and its refusal to write over a practice that exists. It is seeded with the tests' small
// diagnosis catalog, so some of its codes are held and the others are left out and named.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { addDays, weekdayIndex, type AgendaItem } from '../../shared/agenda';
import { ageOn } from '../../shared/age';
import { localDay } from '../../shared/dates';
import type { Doctor, Patient, PatientListItem } from '../../shared/patients';
import type { Practice } from '../../shared/prescriptions';
import type { ClinicalHistory, FamilyHistory, Vaccine } from '../../shared/record';
import { buildApp } from '../app';
import { sqliteEngineOf } from '../db/engine';
import { openSqlite } from '../db/open-sqlite';
import { openWithPassphrase, openWithRecoveryKey, PRACTICE_KEY_FILE, readPracticeKeyFile } from '../encryption/practice-key';
import { practiceKeyOf } from '../encryption/unlocked-practices';
import { bearer, loginRequest, rowCount, testConfig } from '../test/helpers';
import { TEST_DIAGNOSES, testCatalogDir, testDiagnosisName } from '../test/test-catalog';
import { MEDICS } from './demo/people';
import { DEMO_PATIENT_COUNT, PracticeExistsError, seedDemoPractice, type DemoPractice } from './demo/practice';

// Two cores shared with other work: a seeding takes 20 to 45 s there.
const SEEDING_MS = 120_000;
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
const catalogDir = testCatalogDir();
const config = () => testConfig({ dataDir: practice.dataDir, jwtSecret: undefined, catalogDir });

beforeAll(async () => {
  practice = await seedDemoPractice(testConfig({ dataDir: freshDataDir(), jwtSecret: undefined, catalogDir }));
  // The server as `npm start` builds it: its own connection to DATA_DIR's database and keys.
  app = await buildApp({ config: config(), clientDir: null });
  const login = await loginRequest(app, practice.medics[0]!.email, practice.password);
  expect(login.statusCode).toBe(200);
  medic = login.json<Session>();
}, SEEDING_MS);
afterAll(() => app?.close());

/** Copies the server's WAL into the database file and empties it, waiting out a checkpoint in progress. */
function flushWalOf(server: FastifyInstance) {
  for (;;) {
    const [result] = sqliteEngineOf(server.deps.db).writer.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result!.busy === 0) return;
  }
}

/** What a practice holds, without the moments it was written at (read with the key this process set up). */
function contentOf(dataDir: string) {
  const sqlite = openSqlite(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    return [
      'select email, name, lname, phone, address from users',
      'select user_id, birth_date, sex, weight, height from patients',
      'select medic_id, patient_id from medic_patients',
      'select patient_id, relative, condition, notes from family_history',
      'select patient_id, date, systolic, diastolic, heart_rate, temperature from vitals',
      'select patient_id, test_name, value, date from labs',
      'select patient_id, medic_id, date, "end", motive, medications, closed, subjective, exploration, plan, prognosis from clinical_histories',
      // The moments of issue and voiding are the clock's, and the diagnoses the catalog's.
      'select patient_id, medic_id, number, prescriber, patient, practice, notes, void_reason from prescriptions',
      'select prescription_id, position, drug, strength, form, route, presentation, packages, dose, frequency, duration from prescription_items',
      'select history_id, medic_id, text from addenda',
      'select name, address, city, phone from practice',
    ].map((query) => sqlite.prepare(`${query} order by 1, 2`).all());
  } finally {
    sqlite.close();
  }
}

const get = (url: string, session = medic) => app.inject({ method: 'GET', url, headers: bearer(session.access_token) });

type FullRecord = { patient: Patient; history: ClinicalHistory[]; familyHistory: FamilyHistory[]; vaccines: Vaccine[] };

/** Both medics' sessions, and every patient's record as their keeping doctor reads it. */
async function everyRecord(): Promise<{ sessions: Session[]; records: FullRecord[] }> {
  const sessions = [medic, (await loginRequest(app, practice.medics[1]!.email, practice.password)).json<Session>()];
  const records = new Map<number, FullRecord>();
  for (const session of sessions) {
    const { patients } = (await get('/api/medics/my-patients', session)).json<{ patients: PatientListItem[] }>();
    for (const { idPatient } of patients) if (!records.has(idPatient)) records.set(idPatient, (await get(`/api/medics/patients/${idPatient}`, session)).json<FullRecord>());
  }
  return { sessions, records: [...records.values()] };
}

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
    // Past visits are closed once written; booked ones in the coming days are open.
    expect(record.history.filter((visit) => visit.date.slice(0, 10) < localDay(new Date())).every((visit) => visit.closed)).toBe(true);
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

  it('gives every patient a birth date and sex, from infants to the very old, and children their vaccination calendar', async () => {
    const { records } = await everyRecord();
    const today = localDay(new Date());
    expect(records).toHaveLength(DEMO_PATIENT_COUNT);
    const ages = records.map(({ patient }) => ageOn(patient.birthDate!, today)!.years);
    expect(records.every(({ patient }) => patient.sex === 'female' || patient.sex === 'male')).toBe(true);
    expect(Math.min(...ages)).toBeLessThan(5);
    expect(Math.max(...ages)).toBeGreaterThanOrEqual(80);
    expect(ages.filter((age) => age < 18).length).toBeGreaterThanOrEqual(3);
    // The childhood calendar's first dose is at two months: every child past it has it, no adult has it recorded.
    const hexavalent = (record: FullRecord) => record.vaccines.some((vaccine) => vaccine.vaccineName.startsWith('Hexavalente'));
    for (const record of records) {
      const age = ageOn(record.patient.birthDate!, today)!;
      expect(hexavalent(record), record.patient.name).toBe(age.years < 18 && age.months >= 2);
    }
  });

  it('records a family history for most patients, each naming the relative and the condition', async () => {
    const { records } = await everyRecord();
    const withHistory = records.filter((record) => record.familyHistory.length > 0);
    expect(withHistory.length).toBeGreaterThanOrEqual(DEMO_PATIENT_COUNT * 0.6);
    expect(withHistory.flatMap((record) => record.familyHistory).every((item) => item.relative && item.condition)).toBe(true);
  });

  it('holds every past visit on a working day, Monday to Friday, one a day for each patient', async () => {
    const { records } = await everyRecord();
    const today = localDay(new Date());
    for (const record of records) {
      const pastDays = record.history.map((visit) => visit.date.slice(0, 10)).filter((day) => day < today);
      expect(pastDays.filter((day) => weekdayIndex(day) >= 5), `${record.patient.name} ${record.patient.lname}`).toEqual([]);
      expect(new Set(pastDays).size).toBe(pastDays.length);
    }
  });

  it('writes a full note on every past visit, with dose, route and frequency and the diagnoses the catalog holds', async () => {
    const { records } = await everyRecord();
    const today = localDay(new Date());
    const past = records.flatMap((record) => record.history.filter((visit) => visit.date.slice(0, 10) < today));
    expect(past.length).toBeGreaterThan(DEMO_PATIENT_COUNT * 3);
    for (const visit of past) {
      expect([visit.subjective, visit.exploration, visit.plan, visit.prognosis].every(Boolean), `${visit.date} ${visit.motive}`).toBe(true);
      expect(visit.medications.every((medication) => medication.includes('vía ')), visit.medications.join(' | ')).toBe(true);
    }
    const held = new Set(TEST_DIAGNOSES.map(([code]) => code));
    const written = past.flatMap((visit) => visit.diagnoses);
    expect(written.every((diagnosis) => held.has(diagnosis.code))).toBe(true);
    expect(written).toContainEqual({ code: 'I10', name: testDiagnosisName('I10') });
    // What the catalog lacks is named in the report, and nothing it holds is.
    expect(practice.diagnosisCodesLeftOut.length).toBeGreaterThan(0);
    expect(practice.diagnosisCodesLeftOut.filter((code) => held.has(code))).toEqual([]);
  });

  it("books each medic's today and every working day up to next Friday, within 08:00–19:00 and without overlaps", async () => {
    const { sessions } = await everyRecord();
    const today = localDay(new Date());
    const nextFriday = addDays(today, 7 - weekdayIndex(today) + 4);
    const workingDays = [today];
    for (let day = addDays(today, 1); day <= nextFriday; day = addDays(day, 1)) if (weekdayIndex(day) < 5) workingDays.push(day);
    let booked = 0;
    for (const session of sessions) {
      const { appointments } = (await get(`/api/medics/agenda?from=${today}&to=${nextFriday}`, session)).json<{ appointments: AgendaItem[] }>();
      booked += appointments.length;
      expect([...new Set(appointments.map((item) => item.date.slice(0, 10)))]).toEqual(workingDays);
      for (const day of workingDays) {
        const items = appointments.filter((item) => item.date.startsWith(day));
        expect(items.length, day).toBeGreaterThanOrEqual(3);
        for (const [index, item] of items.entries()) {
          expect(item.start >= '08:00' && item.end! <= '19:00' && item.end! > item.start, `${day} ${item.start}`).toBe(true);
          if (index > 0) expect(item.start >= items[index - 1]!.end!, `${day} ${item.start} overlaps`).toBe(true);
        }
      }
      expect(new Set(appointments.map((item) => item.motive)).size).toBeGreaterThan(5);
    }
    expect(booked).toBe(practice.todaysAppointments + practice.comingAppointments);
  });

  it('gives every medic the specialty and licence number a prescription needs, and the practice the address it prints', async () => {
    const { sessions } = await everyRecord();
    for (const [index, session] of sessions.entries()) {
      const me = (await get('/api/medics/me', session)).json<Doctor>();
      expect(me.specialty, me.email).toBe(MEDICS[index]!.specialty);
      expect(me.licenseNumber, me.email).toMatch(/^\d{2}\/\d{7}$/);
    }
    const practiceData = (await get('/api/practice')).json<Practice>();
    expect(practiceData.name).toBe(practice.practiceName);
    expect(practiceData.address && practiceData.city && practiceData.phone).toBeTruthy();
  });

  it("issues a numbered receta on each of today's held consultations, its items as the note writes them, and one voided with its reason", async () => {
    const { records } = await everyRecord();
    const today = localDay(new Date());
    const held = records.flatMap((record) => record.history.filter((visit) => visit.date.startsWith(today) && visit.prescriptions.length > 0));
    expect(held).toHaveLength(practice.heldToday);
    expect(practice.heldToday).toBeGreaterThanOrEqual(2);
    const prescriptions = held.flatMap((visit) => visit.prescriptions);
    expect(prescriptions).toHaveLength(practice.prescriptions);
    const numbers = prescriptions.map((prescription) => prescription.number).sort();
    expect(numbers).toEqual(numbers.map((_, index) => `${today.slice(0, 4)}-${String(index + 1).padStart(6, '0')}`));
    const voided = prescriptions.filter((prescription) => prescription.voidedAt !== null);
    expect(voided).toHaveLength(1);
    expect(practice.voidedPrescriptions).toBe(1);
    expect(voided[0]!.voidReason).toMatch(/^Emitida por duplicado; la receta válida es la \d{4}-\d{6}\.$/);
    for (const visit of held) {
      expect([visit.subjective, visit.exploration, visit.plan, visit.prognosis].every(Boolean), visit.motive).toBe(true);
      for (const prescription of visit.prescriptions) {
        expect(prescription.medic.licenseNumber).toMatch(/^\d{2}\/\d{7}$/);
        expect(prescription.practice.address).toBeTruthy();
        expect(prescription.items.length).toBeGreaterThanOrEqual(1);
        expect(prescription.items.length).toBeLessThanOrEqual(3);
        expect(prescription.items).toHaveLength(visit.medications.length);
        for (const [index, item] of prescription.items.entries()) {
          const written = visit.medications[index]!;
          // The note says "Amoxicilina 500 mg, vía oral, cada 8 h durante 10 días": so does the receta, field by field.
          for (const part of [item.drug.split(' ')[0]!, item.strength, `vía ${item.route}`, item.frequency, item.duration?.endsWith('días') ? item.duration : null]) {
            if (part !== null) expect(written, JSON.stringify(item)).toContain(part);
          }
          expect(item.form && item.presentation && item.packages && item.dose, written).toBeTruthy();
        }
      }
    }
  });

  it('adds signed addenda to past visits, such as lab results that came in after the visit', async () => {
    const { records } = await everyRecord();
    const today = localDay(new Date());
    const amended = records.flatMap((record) => record.history.filter((visit) => visit.addenda.length > 0));
    expect(practice.addenda).toBeGreaterThanOrEqual(1);
    expect(amended.flatMap((visit) => visit.addenda)).toHaveLength(practice.addenda);
    for (const visit of amended) {
      expect(visit.date.slice(0, 10) < today && visit.closed, visit.date).toBe(true);
      for (const addendum of visit.addenda) expect(addendum.medic.lname && addendum.text && addendum.at.startsWith(today)).toBeTruthy();
    }
    expect(amended.flatMap((visit) => visit.addenda).some((addendum) => addendum.text.startsWith('Llega el informe de la analítica'))).toBe(true);
  });

  it('encrypts everything it stores: the database does not open without the key and holds no name, the key files are sealed, and the passphrase and the recovery key it reports both open it', async () => {
    flushWalOf(app);
    const databasePath = join(practice.dataDir, 'expediente.db');
    const withoutKey = new Database(databasePath, { readonly: true });
    try {
      expect(() => withoutKey.prepare('select count(*) from users').get()).toThrow(/not a database/);
    } finally {
      withoutKey.close();
    }
    const stored = Buffer.concat(
      readdirSync(practice.dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name))),
    );
    for (const clear of [practice.featuredPatient.email, practice.featuredPatient.name.split(' ').at(-1)!, 'consultorio-demo.es', 'SQLite format 3', '%PDF-']) {
      expect(stored.includes(Buffer.from(clear)), clear).toBe(false);
    }
    for (const keyFile of ['jwt-secret', 'audit-key']) expect(readFileSync(join(practice.dataDir, keyFile), 'utf8'), keyFile).toMatch(/^sealed-1:/);

    // A passphrase made for the demo, easy to read and type, and a recovery key: each unwraps the key the practice runs on.
    expect(practice.passphrase.from).toBe('generated');
    expect(practice.passphrase.value).toMatch(/^[a-z]{6}(-[a-z]{6}){3}$/);
    const keyFile = readPracticeKeyFile(practice.dataDir)!;
    const masterKey = practiceKeyOf(practice.dataDir)!;
    expect(await openWithPassphrase(keyFile, practice.passphrase.value)).toEqual(masterKey);
    expect(openWithRecoveryKey(keyFile, practice.recoveryKey)).toEqual(masterKey);
  });

  it('refuses a DATA_DIR that holds a practice key or a database, even one without accounts', async () => {
    const withKey = freshDataDir();
    mkdirSync(withKey, { recursive: true });
    writeFileSync(join(withKey, PRACTICE_KEY_FILE), readFileSync(join(practice.dataDir, PRACTICE_KEY_FILE)));
    await expect(seedDemoPractice(testConfig({ dataDir: withKey, jwtSecret: undefined }))).rejects.toThrow(PRACTICE_KEY_FILE);
    expect(readdirSync(withKey)).toEqual([PRACTICE_KEY_FILE]);

    const withPlainDatabase = freshDataDir();
    mkdirSync(withPlainDatabase, { recursive: true });
    new Database(join(withPlainDatabase, 'expediente.db')).exec('create table users (id integer primary key)').close();
    await expect(seedDemoPractice(testConfig({ dataDir: withPlainDatabase, jwtSecret: undefined }))).rejects.toBeInstanceOf(PracticeExistsError);
    expect(readdirSync(withPlainDatabase)).toEqual(['expediente.db']);
  });

  it('refuses a DATA_DIR that holds a practice, and changes nothing there', async () => {
    // The server opened above checkpoints its WAL from a worker every 200 ms (db/wal-checkpoints.ts),
    // which moves the database file's mtime on its own. Its WAL is emptied first, so that whatever
    // changes from here on is the refusal's doing.
    flushWalOf(app);
    const before = { users: await rowCount(app, 'users'), events: await rowCount(app, 'audit_events'), files: readdirSync(practice.dataDir).map((name) => [name, statSync(join(practice.dataDir, name)).mtimeMs]) };
    await expect(seedDemoPractice(config())).rejects.toBeInstanceOf(PracticeExistsError);
    expect(await rowCount(app, 'users')).toBe(before.users);
    expect(await rowCount(app, 'audit_events')).toBe(before.events);
    expect(readdirSync(practice.dataDir).map((name) => [name, statSync(join(practice.dataDir, name)).mtimeMs])).toEqual(before.files);
  });

  it('seeds the same practice on every run, and without a catalog names every diagnosis code it left out', async () => {
    const again = await seedDemoPractice(testConfig({ dataDir: freshDataDir(), jwtSecret: undefined, catalogDir: undefined }));
    // All but its keys: each demo practice has a passphrase and a recovery key of its own.
    const sameBut = (seeded: DemoPractice) => ({ ...seeded, dataDir: '', diagnosisCodesLeftOut: [], passphrase: seeded.passphrase.from, recoveryKey: '' });
    expect(sameBut(again)).toEqual(sameBut(practice));
    expect(again.passphrase.value).not.toBe(practice.passphrase.value);
    expect(again.recoveryKey).not.toBe(practice.recoveryKey);
    expect(contentOf(again.dataDir)).toEqual(contentOf(practice.dataDir));
    expect(again.diagnosisCodesLeftOut).toEqual(expect.arrayContaining([...practice.diagnosisCodesLeftOut, 'I10']));
  }, SEEDING_MS);
});
