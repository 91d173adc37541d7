// `npm run demo` as a practice runs it: a process of its own on a fresh DATA_DIR, whose report (the
// accounts and their password, the practice passphrase and recovery key) is the point of running it.
// Its app's close once awaited a worker that held nothing alive, so Node exited 0 before the report
// in most runs; demo.test.ts, which seeds in the test's own process, could not see that. Several
// runs, since the loss was a race. The practice each makes is encrypted: its database does not open
// without the key, holds no account's address, and opens with what the report gives.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openSqlite } from '../server/db/open-sqlite';
import { openWithPassphrase, openWithRecoveryKey, readPracticeKeyFile } from '../server/encryption/practice-key';
import { forgetPracticeKey, rememberPracticeKey } from '../server/encryption/unlocked-practices';
import { DEMO_PASSWORD } from '../server/commands/demo/practice';

const RUNS = 5;
// Two cores shared with other work: one seeding takes 5 to 45 s there, and the runs share them.
const RUNS_MS = 300_000;
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** The passphrase given to the run that reads it from PASSPHRASE_FILE: the report must not show it. */
const GIVEN_PASSPHRASE = 'frase de la consulta dada en un archivo';

function runDemo(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--data-dir', dataDir], {
      cwd: process.cwd(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What the report's start line and recovery key say (the language aside). */
const passphraseIn = (report: string) => /\bPASSPHRASE=([a-z]{6}(?:-[a-z]{6}){3}) npm start/.exec(report)?.[1];
const recoveryKeyIn = (report: string) => /\b[0-9A-Z]{4}(?:-[0-9A-Z]{4}){12}\b/.exec(report)?.[0];

/** Users in the practice's database, read with the master key the report's passphrase unwraps. */
async function accountsWith(dataDir: string, passphrase: string, recoveryKey: string): Promise<number> {
  const keyFile = readPracticeKeyFile(dataDir)!;
  const masterKey = await openWithPassphrase(keyFile, passphrase);
  expect(masterKey).not.toBeNull();
  expect(openWithRecoveryKey(keyFile, recoveryKey)).toEqual(masterKey);
  rememberPracticeKey(dataDir, masterKey!);
  const sqlite = openSqlite(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    return sqlite.prepare('select count(*) from users').pluck().get() as number;
  } finally {
    sqlite.close();
    forgetPracticeKey(dataDir);
  }
}

it(`prints its report and exits 0 on a fresh DATA_DIR, ${RUNS} times out of ${RUNS}, each practice encrypted`, async () => {
  const dataDirs = Array.from({ length: RUNS }, () => {
    const root = mkdtempSync(join(tmpdir(), 'expediente-demo-run-'));
    roots.push(root);
    return join(root, 'data');
  });
  // The practice passphrase made by the demo, except for the last run, which is given one in a file.
  const { PASSPHRASE: _value, PASSPHRASE_FILE: _file, ...environment } = process.env;
  const passphraseFile = join(roots.at(-1)!, 'passphrase');
  writeFileSync(passphraseFile, `${GIVEN_PASSPHRASE}\n`);
  const envOf = (index: number) => (index === RUNS - 1 ? { ...environment, PASSPHRASE_FILE: passphraseFile } : environment);
  // Two at a time: the machine's two cores.
  const runs: Awaited<ReturnType<typeof runDemo>>[] = [];
  for (let next = 0; next < RUNS; next += 2) {
    runs.push(...(await Promise.all(dataDirs.slice(next, next + 2).map((dataDir, offset) => runDemo(dataDir, envOf(next + offset))))));
  }
  for (const [index, run] of runs.entries()) {
    const dataDir = dataDirs[index]!;
    expect({ run: index, code: run.code, reported: run.stdout.includes(DEMO_PASSWORD) }, run.stderr).toEqual({ run: index, code: 0, reported: true });
    // The close ran to its end: the database was closed (its WAL removed) after the worker's connection.
    expect(existsSync(join(dataDir, 'expediente.db-wal'))).toBe(false);

    const withoutKey = new Database(join(dataDir, 'expediente.db'), { readonly: true });
    expect(() => withoutKey.prepare('select count(*) from users').get()).toThrow(/not a database/);
    withoutKey.close();
    expect(readFileSync(join(dataDir, 'expediente.db')).includes('consultorio-demo.es')).toBe(false);

    const given = index === RUNS - 1;
    expect(run.stdout.includes(GIVEN_PASSPHRASE), 'the given passphrase is never printed').toBe(false);
    expect(run.stdout).toContain(given ? `PASSPHRASE_FILE=${passphraseFile} npm start` : 'PASSPHRASE=');
    const passphrase = given ? GIVEN_PASSPHRASE : passphraseIn(run.stdout);
    const recoveryKey = recoveryKeyIn(run.stdout);
    expect({ passphrase, recoveryKey }, run.stdout).toEqual({ passphrase: expect.any(String), recoveryKey: expect.any(String) });
    expect(await accountsWith(dataDir, passphrase!, recoveryKey!)).toBeGreaterThan(40);
  }
}, RUNS_MS);
