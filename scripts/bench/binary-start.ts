// `npx tsx scripts/bench/binary-start.ts [--runs 5]`: how long the single binary takes to start, as a
// practice machine runs it — copied alone into an empty directory, with a PATH that holds no node —
// from exec until GET /api/health answers: on a fresh DATA_DIR given PASSPHRASE_FILE (native code
// unpacked, the practice key made, every migration applied), on that encrypted practice again with
// PASSPHRASE_FILE (the passphrase's argon2id unwrap included), and on it without one (health's 503
// "locked", waiting for the unlock page). Prints its size and every run. Packages first when
// dist/ has no binary (`npm run package` makes a current one).
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageBinary, packagedBinary } from '../package';
import { freePort } from './server-launch';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(args.runs);

const root = mkdtempSync(join(tmpdir(), 'expediente-binary-start-'));
const binary = join(root, 'expediente');
const emptyPath = mkdtempSync(join(root, 'path-'));
const credential = join(root, 'passphrase');
writeFileSync(credential, 'frase de la medida del binario\n', { mode: 0o600 });

/** Milliseconds from exec to the first answer of /api/health with `status`, then the binary stopped. */
async function timeStart(dataDir: string, extra: Record<string, string>, status: number): Promise<number> {
  const port = await freePort();
  const startedAt = performance.now();
  const child: ChildProcess = spawn(binary, [], { cwd: root, env: { PATH: emptyPath, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...extra }, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    while (performance.now() - startedAt < 30_000) {
      if (child.exitCode !== null) throw new Error(`the binary exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status, () => null);
      if (answered === status) return performance.now() - startedAt;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`/api/health did not answer ${status} within 30 s`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const ms = (values: number[]) => values.map((value) => `${Math.round(value)} ms`).join(', ');

try {
  copyFileSync(existsSync(packagedBinary) ? packagedBinary : await packageBinary(), binary);
  console.log(`binary: ${statSync(binary).size.toLocaleString('en')} bytes`);
  const fresh: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = join(root, `fresh-${run}`);
    fresh.push(await timeStart(dataDir, { PASSPHRASE_FILE: credential }, 200));
    if (run > 0) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`new practice, PASSPHRASE_FILE:      ${ms(fresh)}`);
  const practice = join(root, 'fresh-0');
  const opened: number[] = [];
  const locked: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    opened.push(await timeStart(practice, { PASSPHRASE_FILE: credential }, 200));
    locked.push(await timeStart(practice, {}, 503));
  }
  console.log(`encrypted practice, PASSPHRASE_FILE: ${ms(opened)}`);
  console.log(`encrypted practice, locked:          ${ms(locked)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
