// One of the project's own scripts run as a practice would run it (audit:verify, backup, restore),
// timed from spawn to exit, with the highest memory it reached: its VmHWM, read from /proc while it
// runs (the last reading before it exits), so no tool outside Node is needed.
import { spawn } from 'node:child_process';
import { repoRoot } from '../../build-state.mjs';
import { peakRssMegabytes } from '../side-by-side';

export interface TimedRun {
  ms: number;
  peakMb: number;
  exitCode: number | null;
  output: string;
}

export async function runTimed(script: string, args: string[], env: Record<string, string>): Promise<TimedRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peakMb = 0;
  const watch = setInterval(() => {
    peakMb = Math.max(peakMb, peakRssMegabytes(child.pid!));
  }, 50);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(watch);
  return { ms: Math.round(performance.now() - started), peakMb, exitCode, output: output.trim() };
}
