// Seeds a practice of benchmark size into a fresh DATA_DIR: one medic (the administrator), one
// rich record (the size the record read is measured with) and N linked patients, inserted
// through the database handle in one transaction so 50,000 patients take seconds, not minutes.
// Every row goes through the real migrations and triggers; only the password hashes are shared,
// since hashing 50,000 passwords would measure argon2, not the practice. Given a passphrase, the
// practice is encrypted, as a new practice is: its key set up before the database is made.
import { join } from 'node:path';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase, type DbOrTx } from '../../server/db/client';
import { sqliteEngineOf } from '../../server/db/engine';
import { inTransaction } from '../../server/db/in-transaction';
import { rawRun } from '../../server/db/raw-sql';
import { insertedId } from './inserted-id';
import { setUpPracticeKey } from '../../server/encryption/new-practice-key';
import { ensureDataDir } from '../../server/secrets';

export interface SeededPractice {
  dataDir: string;
  medic: { email: string; password: string };
  /** The rich record: 15 allergies, 40 vitals, 30 appointments, 10 labs, 10 vaccines, 10 conditions. */
  richPatientId: number;
  /** A full week of the medic's agenda (BUSY_WEEK_APPOINTMENTS appointments), Monday to Sunday. */
  busyWeek: { from: string; to: string };
  patientCount: number;
}

export const BENCH_PASSWORD = 'banco-de-pruebas-7';
/** The encrypted bench practice's passphrase, which its server is started with (PASSPHRASE). */
export const BENCH_PASSPHRASE = 'banco de pruebas cifrado de punta a punta';

export const FIRST_NAMES = [
  'María', 'José', 'Ana', 'Juan', 'Lucía', 'Carlos', 'Sofía', 'Luis', 'Carmen', 'Miguel', 'Elena', 'Javier',
  'Isabel', 'Pedro', 'Laura', 'Diego', 'Paula', 'Andrés', 'Marta', 'Jorge', 'Rosa', 'Pablo', 'Teresa', 'Raúl',
];
export const LAST_NAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
];

/** A small deterministic generator, so every run seeds the same practice. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (bound: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % bound;
  };
}

/** Every seeded row's creation time, as SQL. */
const SEEDED_AT = `'2026-01-01T00:00:00.000Z'`;

const asciiOf = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const day = (daysAgo: number) => new Date(Date.UTC(2026, 0, 1) - daysAgo * 86_400_000).toISOString().slice(0, 10);

const INSERT_USER = `insert into users (email, password_hash, type, name, lname, phone, address, status, is_admin, created_at)
  values (?, ?, ?, ?, ?, ?, ?, 'active', ?, ${SEEDED_AT})`;
const INSERT_PATIENT = `insert into patients (user_id, blood_group, blood_rh, weight, height, created_at) values (?, ?, ?, ?, ?, ${SEEDED_AT})`;
const LINK_PATIENT = `insert into medic_patients (medic_id, patient_id, created_at) values (?, ?, ${SEEDED_AT})`;
const INSERT_HISTORY = `insert into clinical_histories (patient_id, medic_id, date, start, "end", motive, notes, medications, diagnosis_ids, closed, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ${SEEDED_AT})`;

/** With `passphrase`, an encrypted practice (its key file wrapped as a practice's is, PRODUCTION_ARGON2). */
export async function seedPractice(options: { dataDir: string; patients: number; passphrase?: string }): Promise<SeededPractice> {
  const { dataDir } = options;
  ensureDataDir(dataDir);
  if (options.passphrase) await setUpPracticeKey(dataDir, options.passphrase);
  const db = openDatabase(join(dataDir, 'expediente.db'));
  // The password is hashed before the transaction opens: it awaits only its inserts.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const medic = { email: 'medica@consultorio.example', password: BENCH_PASSWORD };
  const pick = generator(20_261_122);

  const richPatientId = await inTransaction(db, async (tx) => {
    const medicUserId = await insertedId(tx, INSERT_USER, [medic.email, passwordHash, 'medic', 'Ana', 'Médica Bench', '5550000000', 'Consultorio 1', 1]);
    const medicId = await insertedId(tx, 'insert into medics (user_id) values (?)', [medicUserId]);

    const addPatient = async (index: number, name: string, lname: string) => {
      const userId = await insertedId(tx, INSERT_USER, [
        `${asciiOf(name)}.${asciiOf(lname).replace(/\s+/g, '-')}.${index}@pacientes.example`,
        passwordHash,
        'patient',
        name,
        lname,
        `55${String(10_000_000 + index).padStart(8, '0')}`,
        `Calle ${1 + pick(200)} #${index}`,
        0,
      ]);
      const patientId = await insertedId(tx, INSERT_PATIENT, [userId, ['A', 'B', 'AB', 'O'][pick(4)], ['+', '-'][pick(2)], 50 + pick(50), 150 + pick(40)]);
      await rawRun(tx, LINK_PATIENT, [medicId, patientId]);
      return patientId;
    };

    const richPatientId = await addPatient(0, 'Valentina', 'Rica Expediente');
    await seedRichRecord(tx, richPatientId, medicId);
    const patientIds = [richPatientId];
    for (let index = 1; index < options.patients; index += 1) {
      const lname = `${LAST_NAMES[pick(LAST_NAMES.length)]} ${LAST_NAMES[pick(LAST_NAMES.length)]}`;
      const patientId = await addPatient(index, FIRST_NAMES[pick(FIRST_NAMES.length)]!, lname);
      patientIds.push(patientId);
      // Most patients have a visit or two, so the list's last-appointment column is real work.
      for (let visit = pick(3); visit > 0; visit -= 1) {
        const date = `${day(pick(900))}T${String(8 + pick(10)).padStart(2, '0')}:00`;
        await rawRun(tx, INSERT_HISTORY, [patientId, medicId, date, date, null, 'Control', null, '[]', '[]']);
      }
    }
    await seedBusyWeek(tx, medicId, patientIds, pick);
    return richPatientId;
  });
  // The WAL flushed into the file before the server is started on it: SQLite's own machinery, on the writer.
  const engine = sqliteEngineOf(db);
  engine.writer.pragma('wal_checkpoint(TRUNCATE)');
  engine.close();
  return { dataDir, medic, richPatientId, busyWeek: BUSY_WEEK, patientCount: options.patients };
}

/** The agenda week the bench reads: after every other seeded visit, so it holds only these. */
const BUSY_WEEK = { from: '2026-01-05', to: '2026-01-11' };
/** Monday to Friday every half hour from 08:00 to 17:30, and Saturday morning until 11:30. */
export const BUSY_WEEK_APPOINTMENTS = 5 * 20 + 8;

/** A medic's full week: open appointments with an end, each with one of the linked patients. */
async function seedBusyWeek(tx: DbOrTx, medicId: number, patientIds: number[], pick: (bound: number) => number) {
  const insert = `insert into clinical_histories (patient_id, medic_id, date, start, "end", motive, medications, diagnosis_ids, closed, created_at)
    values (?, ?, ?, ?, ?, ?, '[]', '[]', 0, ${SEEDED_AT})`;
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  for (let weekday = 0; weekday < 6; weekday += 1) {
    const date = `2026-01-${String(5 + weekday).padStart(2, '0')}`;
    const slots = weekday < 5 ? 20 : 8;
    for (let slot = 0; slot < slots; slot += 1) {
      const start = time(8 * 60 + slot * 30);
      await rawRun(tx, insert, [patientIds[pick(patientIds.length)], medicId, `${date}T${start}`, start, time(8 * 60 + slot * 30 + 25), 'Consulta de seguimiento']);
    }
  }
}

/** The record the bench reads: about 28 KB of JSON. */
async function seedRichRecord(tx: DbOrTx, patientId: number, medicId: number) {
  const run = async (sql: string, rows: unknown[][]) => {
    for (const row of rows) await rawRun(tx, sql, row);
  };
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  await run(
    `insert into allergies (patient_id, allergy_name, severity, type, reaction, created_at) values (?, ?, ?, ?, ?, ${SEEDED_AT})`,
    range(15).map((i) => [patientId, `Alérgeno ${i + 1}`, ['Mild', 'Moderate', 'Severe'][i % 3], 'Medicamento', 'Urticaria y prurito generalizado']),
  );
  await run(
    `insert into vitals (patient_id, date, systolic, diastolic, heart_rate, temperature, oxygen_saturation, respiratory_rate, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ${SEEDED_AT})`,
    range(40).map((i) => [patientId, day(i * 14), 110 + (i % 30), 70 + (i % 15), 60 + (i % 25), 36.2 + (i % 8) / 10, 95 + (i % 5), 14 + (i % 6)]),
  );
  for (const i of range(30)) {
    const date = `${day(i * 20 + 1)}T09:30`;
    await rawRun(tx, INSERT_HISTORY, [
      patientId, medicId, date, date, `${day(i * 20 + 1)}T10:00`, `Consulta de seguimiento ${i + 1}`,
      'Paciente estable, sin cambios relevantes en la exploración física. Se ajusta tratamiento.',
      JSON.stringify(['Metformina 850 mg', 'Losartán 50 mg']), JSON.stringify(['E11.9', 'I10']),
    ]);
  }
  await run(
    `insert into labs (patient_id, test_name, value, unit, reference_range, date, comment, created_at) values (?, ?, ?, ?, ?, ?, ?, ${SEEDED_AT})`,
    range(10).map((i) => [patientId, `Glucosa ${i + 1}`, String(90 + i), 'mg/dL', '70-100', day(i * 30), 'En ayunas']),
  );
  await run(
    `insert into vaccines (patient_id, vaccine_name, date, dose, manufacturer, next_dose, created_at) values (?, ?, ?, ?, ?, ?, ${SEEDED_AT})`,
    range(10).map((i) => [patientId, `Vacuna ${i + 1}`, day(i * 60), `${(i % 3) + 1}`, 'Laboratorio', null]),
  );
  await run(
    `insert into pathological_records (patient_id, condition, diagnosis_date, status, notes, created_at) values (?, ?, ?, ?, ?, ${SEEDED_AT})`,
    range(10).map((i) => [patientId, `Condición crónica ${i + 1}`, day(i * 200), ['Active', 'Resolved', 'Chronic'][i % 3], 'Seguimiento anual']),
  );
  await run(
    `insert into emergency_contacts (patient_id, name, relationship, phone, email, address, created_at) values (?, ?, ?, ?, ?, ?, ${SEEDED_AT})`,
    range(2).map((i) => [patientId, `Contacto ${i + 1}`, 'Familiar', '5551234567', `contacto${i}@example.org`, 'Calle Mayor 1']),
  );
  await run('insert into insurances (patient_id, name, type, provider, policy_number) values (?, ?, ?, ?, ?)', [
    [patientId, 'Seguro Médico', 'Privado', 'Aseguradora', 'POL-123456'],
  ]);
  await run(
    'insert into lifestyles (patient_id, alcohol_frequency, tobacco_frequency, activity_frequency, activity_type) values (?, ?, ?, ?, ?)',
    [[patientId, 'Ocasional', 'Nunca', 'Semanal', 'Caminar']],
  );
}
