// `npx tsx scripts/bench/diagnosis-search-timing.ts [--rounds N]`: the diagnosis search alone, in
// process, without HTTP: the bench's queries (catalog.ts) over the real catalog when it is found
// (else the bench's synthetic one), with a practice's counts of about 300 codes written, each
// query timed N times. Prints p50/p99/max per query and over all. For tuning the search between
// full bench runs (`npm run bench -- --only diagnosis`), whose p99 adds the server and tRPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { sqliteEngineOf } from '../../server/db/engine';
import { rawRun } from '../../server/db/raw-sql';
import { searchDiagnoses } from '../../server/services/diagnosis-catalog';
import { DIAGNOSIS_QUERIES, prepareBenchCatalog } from './catalog';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '300' } } });
const rounds = Number(args.rounds);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => value.toFixed(3).padStart(7);

const dir = mkdtempSync(join(tmpdir(), 'expediente-search-timing-'));
try {
  const db = openDatabase(join(dir, 'expediente.db'));
  const catalog = await prepareBenchCatalog(db, dir);
  // A practice's habits: every 47th code written 1 to 50 times, as the appointments' triggers count them.
  // SQLite dialect: rowid.
  await rawRun(db, 'update diagnoses set uses = (rowid % 50) + 1 where rowid % 47 = 0');
  console.log(`${catalog.synthetic ? 'SYNTHETIC catalog' : 'Catalog'} of ${catalog.codes} codes from ${catalog.dir}; ${rounds} rounds of ${DIAGNOSIS_QUERIES.length} queries, limit 10`);
  for (const query of DIAGNOSIS_QUERIES) await searchDiagnoses(db, { ...query, limit: 10 });
  const all: number[] = [];
  const byQuery = DIAGNOSIS_QUERIES.map(() => [] as number[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, query] of DIAGNOSIS_QUERIES.entries()) {
      const started = performance.now();
      await searchDiagnoses(db, { ...query, limit: 10 });
      const elapsed = performance.now() - started;
      byQuery[index]!.push(elapsed);
      all.push(elapsed);
    }
  }
  console.log('query                          p50 ms  p99 ms  max ms');
  DIAGNOSIS_QUERIES.forEach((query, index) => {
    const sorted = byQuery[index]!.sort((a, b) => a - b);
    console.log(`${`${query.q} (${query.lang})`.padEnd(28)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1)!)}`);
  });
  all.sort((a, b) => a - b);
  console.log(`${'all'.padEnd(28)} ${ms(percentile(all, 50))} ${ms(percentile(all, 99))} ${ms(all.at(-1)!)}`);
  sqliteEngineOf(db).close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
