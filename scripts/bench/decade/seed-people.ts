// The practice's people: 8 medics (the first the administrator) and the patients, each patient
// linked to one or two medics. A link is what an accepted request leaves (services/link-requests.ts
// inserts into medic_patients and deletes the request), so consent is the link itself; the audit
// trail gets the acceptance events (seed-audit.ts). Inserted through the triggers of migrations
// 0005/0008, which keep the list's sort keys, counts, list versions and search index.
import type { Db } from '../../../server/db/client';
import { inTransaction } from '../../../server/db/in-transaction';
import { rawRun } from '../../../server/db/raw-sql';
import { insertedId } from '../inserted-id';
import { FIRST_NAMES, LAST_NAMES } from '../seed';
import { SPECIALTIES } from './clinical-vocabulary';
import type { DecadeClock } from './decade-clock';
import type { DecadePlan } from './decade-plan';
import type { Random } from '../../../server/commands/demo/random';
import { insertInBatches, type Progress, type TableTiming } from './timed-batches';

export interface SeededMedic {
  id: number;
  userId: number;
  email: string;
  name: string;
  lname: string;
  specialty: string;
  licenseNumber: string;
}

export interface SeededPatients {
  /** Patient ids by index; index 0 is the long-history record, index 1 the short one. */
  ids: Int32Array;
  userIds: Int32Array;
  /** Index into the medics list of the patient's first medic, and of the second (-1 without one). */
  firstMedic: Int8Array;
  secondMedic: Int8Array;
  names: string[];
  lnames: string[];
  birthDates: string[];
  documentNumbers: string[];
}

const MEDIC_NAMES: readonly [string, string][] = [
  ['Ana', 'Ortega Salinas'], ['Javier', 'Medina Cruz'], ['Lucía', 'Herrera Vidal'], ['Miguel', 'Castro Peña'],
  ['Elena', 'Rubio Campos'], ['Andrés', 'Soto Iglesias'], ['Carmen', 'Prieto Lozano'], ['Pablo', 'Nieto Fuentes'],
];

/** The two records the bench compares, named so they are easy to find in the list. */
export const LONG_HISTORY_NAME = { name: 'Valentina', lname: 'Aguirre Larga' };
export const SHORT_HISTORY_NAME = { name: 'Tomás', lname: 'Aguirre Breve' };

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, '-');

const INSERT_MEDIC_USER = `insert into users (email, password_hash, type, name, lname, phone, address, status, is_admin, created_at)
  values (?, ?, 'medic', ?, ?, ?, 'Consultorio Central, Calle Mayor 12', 'active', ?, ?)`;
const INSERT_MEDIC = 'insert into medics (user_id, specialty, license_number, about) values (?, ?, ?, ?)';

export function seedMedics(db: Db, plan: DecadePlan, clock: DecadeClock, passwordHash: string): Promise<SeededMedic[]> {
  return inTransaction(db, async () => {
    const medics: SeededMedic[] = [];
    for (let index = 0; index < plan.medics; index += 1) {
      const [name, lname] = MEDIC_NAMES[index % MEDIC_NAMES.length]!;
      const email = `${ascii(name)}.${ascii(lname.split(' ')[0]!)}@consultorio.example`;
      // The administrator opened the practice; the others joined over its first years.
      const userId = await insertedId(db, INSERT_MEDIC_USER, [email, passwordHash, name, lname, `5551000${index}0`, index === 0 ? 1 : 0, clock.iso(clock.at(index / 40))]);
      const specialty = SPECIALTIES[index % SPECIALTIES.length]!;
      const licenseNumber = `CED-${String(1_234_500 + index * 97)}`;
      const id = await insertedId(db, INSERT_MEDIC, [userId, specialty, licenseNumber, `${specialty}, consulta de adultos.`]);
      medics.push({ id, userId, email, name, lname, specialty, licenseNumber });
    }
    return medics;
  });
}

const INSERT_PATIENT_USER = `insert into users (email, password_hash, type, name, lname, phone, address, status, created_at)
  values (?, ?, 'patient', ?, ?, ?, ?, 'active', ?)`;
const INSERT_PATIENT = `insert into patients (user_id, blood_group, blood_rh, civil_status, birth_date, sex, weight, height, document_number, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const LINK = 'insert into medic_patients (medic_id, patient_id, created_at) values (?, ?, ?)';

export async function seedPatients(
  db: Db,
  plan: DecadePlan,
  clock: DecadeClock,
  random: Random,
  medics: SeededMedic[],
  passwordHash: string,
  progress: Progress,
): Promise<{ patients: SeededPatients; timings: TableTiming[] }> {
  const count = plan.patients;
  const patients: SeededPatients = {
    ids: new Int32Array(count),
    userIds: new Int32Array(count),
    firstMedic: new Int8Array(count),
    secondMedic: new Int8Array(count),
    names: [],
    lnames: [],
    birthDates: [],
    documentNumbers: [],
  };
  let links = 0;

  const timing = await insertInBatches(db, 'users + patients + medic_patients', count, async (index) => {
    const special = index === 0 ? LONG_HISTORY_NAME : index === 1 ? SHORT_HISTORY_NAME : undefined;
    const female = random.chance(0.52);
    const name = special?.name ?? random.pick(FIRST_NAMES);
    const lname = special?.lname ?? `${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`;
    // Patients join all through the decade, most of them early (the practice's own list).
    const joinedMs = clock.at(random.next() ** 2 * 0.95);
    const joined = clock.iso(joinedMs);
    const birthYear = 1935 + random.int(0, 85 - 1);
    const birthDate = `${birthYear}-${String(1 + random.int(0, 12 - 1)).padStart(2, '0')}-${String(1 + random.int(0, 28 - 1)).padStart(2, '0')}`;
    const documentNumber = `${String(10_000_000 + index * 7).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[index % 23]}`;
    const userId = await insertedId(db, INSERT_PATIENT_USER, [
      `${ascii(name)}.${ascii(lname)}.${index}@pacientes.example`, passwordHash, name, lname,
      `6${String(10_000_000 + index).padStart(8, '0')}`, `Calle ${random.pick(LAST_NAMES)} ${1 + random.int(0, 120 - 1)}, Madrid`, joined,
    ]);
    const patientId = await insertedId(db, INSERT_PATIENT, [
      userId, random.pick(['A', 'B', 'AB', 'O']), random.chance(0.85) ? '+' : '-', random.pick(['Soltero/a', 'Casado/a', 'Viudo/a', 'Divorciado/a']),
      birthDate, female ? 'female' : 'male', 50 + random.int(0, 60 - 1), 150 + random.int(0, 40 - 1), documentNumber, joined,
    ]);
    // The two compared records are the administrator's, so signing in as the first medic reaches both.
    const first = special ? 0 : random.int(0, medics.length - 1);
    let second = random.chance(0.35) ? random.int(0, medics.length - 1) : -1;
    if (second === first) second = -1;
    await rawRun(db, LINK, [medics[first]!.id, patientId, joined]);
    if (second >= 0) await rawRun(db, LINK, [medics[second]!.id, patientId, joined]);
    links += second >= 0 ? 2 : 1;
    patients.ids[index] = patientId;
    patients.userIds[index] = userId;
    patients.firstMedic[index] = first;
    patients.secondMedic[index] = second;
    patients.names.push(name);
    patients.lnames.push(lname);
    patients.birthDates.push(birthDate);
    patients.documentNumbers.push(documentNumber);
    return 1;
    // A patient writes three or four rows (user, patient, one or two links): about 35,000 a commit.
  }, progress, 10_000);
  progress(`  (${links.toLocaleString('en')} links for ${count.toLocaleString('en')} patients)`);
  return { patients, timings: [{ ...timing, table: 'patients (with user and links)' }] };
}
