// `npx tsx scripts/bench/decade/seed-decade-cli.ts --data-dir D [--years 10] [--scale 1]`: seeds a
// decade of a practice into D (which must hold no practice yet) and prints the time per table.
import { parseArgs } from 'node:util';
import { seedDecade } from './seed-decade';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    years: { type: 'string', default: '10' },
    scale: { type: 'string', default: '1' },
  },
});
if (!values['data-dir']) {
  console.error('Usage: seed-decade-cli.ts --data-dir D [--years 10] [--scale 1]');
  process.exit(2);
}

const seeded = await seedDecade({ dataDir: values['data-dir'], years: Number(values.years), scale: Number(values.scale) });
console.log('\ntable | rows | seconds | rows/s');
for (const { table, rows, seconds, rowsPerSecond } of seeded.timings) console.log(`${table} | ${rows} | ${seconds.toFixed(1)} | ${rowsPerSecond}`);
console.log(`\nmedics sign in as ${seeded.medics[0]!.email} (administrator) … with password ${seeded.password}`);
console.log(`long history: patient ${seeded.longHistoryPatientId}; short history: patient ${seeded.shortHistoryPatientId}`);
