// How the bench scripts start the real server: exactly as `npm start` does, from package.json's
// own start script (its environment settings, node and its flags, the launcher), so the numbers are
// those of the server a practice runs. One place for the build, the port and the wait as well.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { clientStaleReason, repoRoot, serverStaleReason } from '../build-state.mjs';

export function serverLaunch(): { command: string; args: string[]; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  if (words.shift() !== 'node') throw new Error(`npm start is not "node …": ${scripts.start}`);
  return { command: process.execPath, args: words, env };
}

/** Builds the client and the server when stale, before anything is timed: a measured start is a built install's. */
export function buildIfStale(): void {
  if (clientStaleReason() === null && serverStaleReason() === null) return;
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'build.ts'), '--if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns a process and waits until `readyUrl` answers below 500; `startMs` is how long that took.
 * `stdout` 'pipe' leaves the child's output to the caller.
 */
export async function startAndWait(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  options: { timeoutMs?: number; stdout?: 'ignore' | 'pipe' } = {},
): Promise<{ child: ChildProcess; startMs: number }> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const startedAt = performance.now();
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'] });
  while (performance.now() - startedAt < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status < 500) return { child, startMs: Math.round(performance.now() - startedAt) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill();
  throw new Error(`${readyUrl} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The real server, built if stale, on a free port of 127.0.0.1 with `env` added, once it answers
 * /api/health. A seeded DATA_DIR (seed.ts) is a plain practice and starts as it is; a fresh one needs
 * PASSPHRASE in `env`, or it waits, locked, for its set-up in a browser (health 503) until the timeout.
 */
export async function startRealServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  buildIfStale();
  const launch = serverLaunch();
  // BENCH_CPU_PROF_DIR=D: every real server the bench starts writes a V8 CPU profile into D when it stops.
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  if (profileDir) launch.args.unshift('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, startMs } = await startAndWait(
    launch.command,
    launch.args,
    { ...launch.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    `${url}/api/health`,
  );
  return { child, url, startMs };
}
