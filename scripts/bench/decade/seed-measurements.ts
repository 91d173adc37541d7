// Vitals and lab results over the decade, spread over the patients (the long-history record gets
// its share like any other): each insert goes through the record-version triggers of migration 0006.
import type Database from 'better-sqlite3';
import { LAB_TESTS } from './clinical-vocabulary';
import type { DecadeClock } from './decade-clock';
import type { DecadePlan } from './decade-plan';
import type { SeededPatients } from './seed-people';
import type { Random } from '../../../server/commands/demo/random';
import { insertInBatches, type Progress, type TableTiming } from './timed-batches';

const round1 = (value: number) => Math.round(value * 10) / 10;

export function seedMeasurements(
  sqlite: Database.Database,
  plan: DecadePlan,
  clock: DecadeClock,
  random: Random,
  patients: SeededPatients,
  progress: Progress,
): TableTiming[] {
  const patientOf = (index: number) => patients.ids[index % patients.ids.length]!;
  const insertVital = sqlite.prepare(
    `insert into vitals (patient_id, date, systolic, diastolic, heart_rate, temperature, oxygen_saturation, respiratory_rate, weight, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const vitals = insertInBatches(sqlite, 'vitals', plan.vitals, (index) => {
    const ms = clock.at(random.next());
    insertVital.run(
      patientOf(index), clock.day(ms), 100 + random.int(0, 60 - 1), 60 + random.int(0, 35 - 1), 55 + random.int(0, 50 - 1), round1(36 + random.next() * 2.2),
      90 + random.int(0, 10 - 1), 12 + random.int(0, 10 - 1), round1(50 + random.next() * 60), clock.iso(ms),
    );
    return 1;
  }, progress);
  const insertLab = sqlite.prepare(
    `insert into labs (patient_id, test_name, value, unit, reference_range, date, comment, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const labs = insertInBatches(sqlite, 'labs', plan.labs, (index) => {
    const ms = clock.at(random.next());
    const test = random.pick(LAB_TESTS);
    const value = test.low + random.next() * (test.high - test.low);
    insertLab.run(patientOf(index), test.name, String(round1(value)), test.unit, test.range, clock.day(ms), random.chance(0.2) ? 'En ayunas' : null, clock.iso(ms));
    return 1;
  }, progress);
  return [vitals, labs];
}
