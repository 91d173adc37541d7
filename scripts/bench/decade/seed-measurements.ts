// Vitals and lab results over the decade, spread over the patients (the long-history record gets
// its share like any other): each insert goes through the record-version triggers of migration 0006.
import type { Db } from '../../../server/db/client';
import { rawRun } from '../../../server/db/raw-sql';
import { LAB_TESTS } from './clinical-vocabulary';
import type { DecadeClock } from './decade-clock';
import type { DecadePlan } from './decade-plan';
import type { SeededPatients } from './seed-people';
import type { Random } from '../../../server/commands/demo/random';
import { insertInBatches, type Progress, type TableTiming } from './timed-batches';

const round1 = (value: number) => Math.round(value * 10) / 10;

const INSERT_VITAL = `insert into vitals (patient_id, date, systolic, diastolic, heart_rate, temperature, oxygen_saturation, respiratory_rate, weight, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_LAB = 'insert into labs (patient_id, test_name, value, unit, reference_range, date, comment, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)';

export async function seedMeasurements(
  db: Db,
  plan: DecadePlan,
  clock: DecadeClock,
  random: Random,
  patients: SeededPatients,
  progress: Progress,
): Promise<TableTiming[]> {
  const patientOf = (index: number) => patients.ids[index % patients.ids.length]!;
  const vitals = await insertInBatches(db, 'vitals', plan.vitals, async (index) => {
    const ms = clock.at(random.next());
    await rawRun(db, INSERT_VITAL, [
      patientOf(index), clock.day(ms), 100 + random.int(0, 60 - 1), 60 + random.int(0, 35 - 1), 55 + random.int(0, 50 - 1), round1(36 + random.next() * 2.2),
      90 + random.int(0, 10 - 1), 12 + random.int(0, 10 - 1), round1(50 + random.next() * 60), clock.iso(ms),
    ]);
    return 1;
  }, progress);
  const labs = await insertInBatches(db, 'labs', plan.labs, async (index) => {
    const ms = clock.at(random.next());
    const test = random.pick(LAB_TESTS);
    const value = test.low + random.next() * (test.high - test.low);
    await rawRun(db, INSERT_LAB, [patientOf(index), test.name, String(round1(value)), test.unit, test.range, clock.day(ms), random.chance(0.2) ? 'En ayunas' : null, clock.iso(ms)]);
    return 1;
  }, progress);
  return [vitals, labs];
}
