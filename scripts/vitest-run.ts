// One `vitest run` as a child of `npm test`, writing its JSON report to a file of its own. Runs made
// side by side have their output read line by line and passed on whole, so the lines of two runs
// never cut into each other (and each sees a pipe, so neither redraws a live summary over the other).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './client-build';

export interface VitestRun {
  args: string[];
  /** Where vitest writes its JSON report. */
  reportFile: string;
  /** Pass the output on line by line (runs side by side) rather than let the child write to the terminal. */
  byLine: boolean;
}

function passOnLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${line}\n`));
}

/** Resolves with vitest's exit code once its output has all been passed on. */
export function runVitest({ args, reportFile, byLine }: VitestRun): Promise<number> {
  const vitest = join(repoRoot, 'node_modules', '.bin', 'vitest');
  const fullArgs = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args];
  // Colours as the terminal would have them, though the child writes to a pipe.
  const env = byLine && process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  const child = spawn(vitest, fullArgs, { cwd: repoRoot, env, stdio: byLine ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (byLine) {
    passOnLines(child.stdout!, process.stdout);
    passOnLines(child.stderr!, process.stderr);
  }
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    // 'close' rather than 'exit': by then the last of its output has been passed on.
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
