// `npx tsx scripts/bench/start-time.ts [--runs 5]`: how long `npm start` takes, on a built install,
// from launching `node scripts/start.mjs` until GET /api/health answers 200 — each run on a fresh
// DATA_DIR (so it includes making the practice key with PASSPHRASE, creating the encrypted database
// and applying every migration: without a passphrase a new practice waits, locked, to be set up in
// the browser) and a free port.
// Prints every run and the median. Builds dist/ first if it is stale, outside the measurement.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale, startRealServer } from './server-launch';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(args.runs);

/** Milliseconds from spawning the launcher to the first 200 from /api/health. */
async function measureOnce(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'expediente-start-'));
  const { child, startMs } = await startRealServer({ DATA_DIR: dataDir, PASSPHRASE: 'frase de la medida del arranque' });
  try {
    return startMs;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildIfStale();

const times: number[] = [];
for (let run = 1; run <= runs; run += 1) {
  const ms = await measureOnce();
  times.push(ms);
  console.log(`run ${run}: ${Math.round(ms)} ms`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
console.log(`start to /api/health, median of ${runs}: ${Math.round(median)} ms`);
