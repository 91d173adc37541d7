// A decade of consultations: closed appointments with their note (NOM-004 order), diagnoses as the
// services store them ([{code, name}] and the codes alone in diagnosis_ids), and for some of them a
// prescription with its items, numbered `${year}-${seq}` in order of issue within each year as
// services/prescriptions.ts numbers them. Inserted through the triggers (record and list versions).
import type { Db } from '../../../server/db/client';
import { rawRun } from '../../../server/db/raw-sql';
import { insertedId } from '../inserted-id';
import { prescriptionNumber } from '../../../shared/prescriptions';
import { foldForSearch } from '../../../shared/patients';
import { DIAGNOSES, DRUGS, EXPLORATION, MOTIVES, NOTES, PLANS, PROGNOSES, SUBJECTIVE } from './clinical-vocabulary';
import type { DecadeClock } from './decade-clock';
import type { DecadePlan } from './decade-plan';
import type { SeededMedic, SeededPatients } from './seed-people';
import type { Random } from '../../../server/commands/demo/random';
import { insertInBatches, ROWS_PER_TRANSACTION, type Progress, type TableTiming } from './timed-batches';

/** An appointment that issued a prescription, kept until all are in so they can be numbered by date. */
interface Issued {
  historyId: number;
  patient: number;
  medic: number;
  date: string;
  drugs: number[];
  diagnoses: string;
}

export const PRACTICE = { name: 'Consultorio Central', address: 'Calle Mayor 12', city: 'Madrid', phone: '915550000' };

/** How many appointments each patient has: the two compared records fixed, the rest spread around the mean. */
function appointmentCounts(plan: DecadePlan, random: Random): Int32Array {
  const counts = new Int32Array(plan.patients);
  counts[0] = plan.longHistoryAppointments;
  counts[1] = plan.shortHistoryAppointments;
  const rest = Math.max(0, plan.appointments - counts[0] - counts[1]);
  const mean = plan.patients > 2 ? rest / (plan.patients - 2) : 0;
  for (let index = 2; index < plan.patients; index += 1) counts[index] = Math.round(mean * (0.25 + 1.5 * random.next()));
  return counts;
}

const INSERT_APPOINTMENT = `insert into clinical_histories (patient_id, medic_id, date, start, "end", motive, notes, medications, diagnosis_ids,
    subjective, exploration, plan, prognosis, diagnoses, closed, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`;

export async function seedAppointments(
  db: Db,
  plan: DecadePlan,
  clock: DecadeClock,
  random: Random,
  medics: SeededMedic[],
  patients: SeededPatients,
  progress: Progress,
): Promise<TableTiming[]> {
  const counts = appointmentCounts(plan, random);
  const issued: Issued[] = [];
  // Per patient, not per appointment, so a batch holds whole records: as many patients a transaction
  // as make about ROWS_PER_TRANSACTION appointments.
  const patientsPerTransaction = Math.max(1, Math.round((ROWS_PER_TRANSACTION * plan.patients) / Math.max(1, plan.appointments)));
  const appointments = await insertInBatches(db, 'clinical_histories', plan.patients, async (index) => {
    const moments = Array.from({ length: counts[index]! }, () => clock.at(random.next())).sort((a, b) => a - b);
    for (const ms of moments) {
      const slot = random.int(0, 19 - 1);
      const date = clock.appointmentTime(ms, slot);
      const end = clock.appointmentTime(ms, slot + 1).slice(11);
      const medic = index < 2 || patients.secondMedic[index]! < 0 || random.chance(0.7) ? patients.firstMedic[index]! : patients.secondMedic[index]!;
      const codes = [random.pick(DIAGNOSES), ...(random.chance(0.3) ? [random.pick(DIAGNOSES)] : [])].filter((d, i, all) => all.indexOf(d) === i);
      const drugs = random.chance(plan.prescriptionShare) ? [random.int(0, DRUGS.length - 1), ...(random.chance(0.4) ? [random.int(0, DRUGS.length - 1)] : [])] : [];
      const uniqueDrugs = [...new Set(drugs)];
      const diagnoses = JSON.stringify(codes);
      const historyId = await insertedId(db, INSERT_APPOINTMENT, [
        patients.ids[index], medics[medic]!.id, date, date.slice(11), end, random.pick(MOTIVES), random.pick(NOTES),
        JSON.stringify(uniqueDrugs.map((drug) => `${DRUGS[drug]!.drug} ${DRUGS[drug]!.strength}`)), JSON.stringify(codes.map((d) => d.code)),
        random.pick(SUBJECTIVE), random.pick(EXPLORATION), random.pick(PLANS), random.pick(PROGNOSES), diagnoses,
        `${date}:00.000Z`,
      ]);
      if (uniqueDrugs.length > 0) issued.push({ historyId, patient: index, medic, date, drugs: uniqueDrugs, diagnoses });
    }
    return moments.length;
  }, progress, patientsPerTransaction);
  return [appointments, ...(await seedPrescriptions(db, medics, patients, issued, progress))];
}

const INSERT_PRESCRIPTION = `insert into prescriptions (history_id, patient_id, medic_id, year, seq, number, issued_at, prescriber, patient, practice, diagnoses, notes)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_ITEM = `insert into prescription_items (prescription_id, position, drug, drug_folded, strength, form, route, presentation, packages, dose, frequency, duration, instructions)
  values (?, ?, ?, ?, ?, ?, 'oral', ?, '1', ?, ?, ?, ?)`;

async function seedPrescriptions(db: Db, medics: SeededMedic[], patients: SeededPatients, issued: Issued[], progress: Progress): Promise<TableTiming[]> {
  issued.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.historyId - b.historyId));
  await rawRun(db, `insert into practice (id, name, address, city, phone, updated_at) values (1, ?, ?, ?, ?, ?) on conflict (id) do nothing`, [
    PRACTICE.name, PRACTICE.address, PRACTICE.city, PRACTICE.phone, new Date().toISOString(),
  ]);
  const practice = JSON.stringify(PRACTICE);
  const prescribers = medics.map(({ name, lname, specialty, licenseNumber }) => JSON.stringify({ name, lname, specialty, licenseNumber }));
  let year = 0;
  let seq = 0;
  let items = 0;
  const timing = await insertInBatches(db, 'prescriptions', issued.length, async (position) => {
    const one = issued[position]!;
    const issuedYear = Number(one.date.slice(0, 4));
    seq = issuedYear === year ? seq + 1 : 1;
    year = issuedYear;
    const { patient } = one;
    const patientSnapshot = JSON.stringify({
      name: patients.names[patient], lname: patients.lnames[patient], birthDate: patients.birthDates[patient], documentNumber: patients.documentNumbers[patient],
    });
    const id = await insertedId(db, INSERT_PRESCRIPTION, [
      one.historyId, patients.ids[patient], medics[one.medic]!.id, year, seq, prescriptionNumber(year, seq), one.date,
      prescribers[one.medic], patientSnapshot, practice, one.diagnoses, null,
    ]);
    for (const [index, drugIndex] of one.drugs.entries()) {
      const drug = DRUGS[drugIndex]!;
      await rawRun(db, INSERT_ITEM, [id, index + 1, drug.drug, foldForSearch(drug.drug), drug.strength, drug.form, `Caja con 30 ${drug.form}s`, drug.dose, drug.frequency, drug.duration, 'Tomar con alimentos.']);
      items += 1;
    }
    return 1;
  }, progress);
  progress(`  (${items.toLocaleString('en')} prescription items)`);
  return [timing];
}
