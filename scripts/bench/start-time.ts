// `npx tsx scripts/bench/start-time.ts [--runs 5]`: how long `npm start` takes, on a built install,
// from launching `node scripts/start.mjs` until GET /api/health answers 200 — each run on a fresh
// DATA_DIR (so it includes creating the database and applying every migration) and a free port.
// Prints every run and the median. Builds dist/ first if it is stale, outside the measurement.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clientStaleReason, repoRoot, serverStaleReason } from '../build-state.mjs';
import { serverLaunch } from './server-launch';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(args.runs);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Milliseconds from spawning the launcher to the first 200 from /api/health. */
async function measureOnce(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'expediente-start-'));
  const port = await freePort();
  const started = performance.now();
  const server = serverLaunch();
  const child = spawn(server.command, server.args, {
    cwd: repoRoot,
    env: { ...process.env, ...server.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = started + 30_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('/api/health did not answer within 30 s');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (clientStaleReason() !== null || serverStaleReason() !== null) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'build.ts'), '--if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const times: number[] = [];
for (let run = 1; run <= runs; run += 1) {
  const ms = await measureOnce();
  times.push(ms);
  console.log(`run ${run}: ${Math.round(ms)} ms`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
console.log(`start to /api/health, median of ${runs}: ${Math.round(median)} ms`);
