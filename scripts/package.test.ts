// Issue 24, "One binary": `npm run package` builds dist/expediente-linux-x64 once; the test copies it
// alone into an empty directory and runs it there with no node or npm on PATH, as on a practice
// machine; and a DATA_DIR of the release before is backed up before it is migrated. Building takes
// about half a minute, so this file has generous timeouts.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../shared/auth';
import { buildApp } from '../server/app';
import { migrationsFolder } from '../server/db/client';
import { ensureDataDir } from '../server/secrets';
import { samplePdf } from '../server/test/sample-files';
import { testConfig, TEST_PASSWORD } from '../server/test/helpers';
import { packageBinary } from './package';

const PASSPHRASE = 'frase-de-copia-larga-2025';
let root: string;
let binary: string;
/** A directory with nothing in it, as PATH: the binary must need neither node nor npm. */
let emptyPath: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-package-test-'));
  emptyPath = mkdtempSync(join(root, 'path-'));
  const home = mkdtempSync(join(root, 'machine-'));
  binary = join(home, 'expediente');
  copyFileSync(await packageBinary(() => {}), binary);
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const environment = (dataDir: string, extra: Record<string, string> = {}) => ({ PATH: emptyPath, DATA_DIR: dataDir, ...extra });

interface Running {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts the binary on `dataDir` on a free port and waits for the URL it prints. */
async function serve(dataDir: string, extra: Record<string, string> = {}): Promise<Running> {
  const child = spawn(binary, [], { cwd: root, env: environment(dataDir, { PORT: '0', ...extra }), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the binary exited (${code}) before listening:\n${output}`)));
  });
  return { url, child, exited };
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
}

/** Runs one of the binary's commands to its end. */
function command(args: string[], env: Record<string, string>) {
  const result = spawnSync(binary, args, { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const json = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function login(url: string, email: string): Promise<Session> {
  const response = await json(`${url}/api/auth/login`, { email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

async function downloadPdf(url: string, session: Session, code: string): Promise<Buffer> {
  const response = await fetch(`${url}/api/medics/files/${code}`, { headers: { authorization: `Bearer ${session.access_token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('the packaged binary', () => {
  it('answers --version and --help without a DATA_DIR', () => {
    expect(command(['--version'], { PATH: emptyPath })).toMatchObject({ status: 0, output: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    expect(command(['--help'], { PATH: emptyPath }).output).toContain('expediente backup --out FILE');
    expect(command(['no-such-command'], { PATH: emptyPath }).status).toBe(2);
  });

  it('starts from the code cache its packaging recorded, and says so when V8 cannot take it', () => {
    // --version's output is the version alone (above): no warning, so the cache was there and taken.
    // Another V8 flag than the build's (a heap size in NODE_OPTIONS) makes V8 refuse it: the start is slower, and said.
    const otherFlags = command(['--version'], { PATH: emptyPath, NODE_OPTIONS: '--max-semi-space-size=32' });
    expect(otherFlags.status).toBe(0);
    expect(otherFlags.output).toMatch(/^\d+\.\d+\.\d+\n/);
    expect(otherFlags.output).toContain('Start-up code cache rejected');
  });

  it('serves a practice, backs it up, stops on SIGTERM with 0, and restores the backup', async () => {
    const dataDir = join(root, 'practice');
    const running = await serve(dataDir);
    let code: string;
    let medicEmail: string;
    try {
      const health = await fetch(`${running.url}/api/health`);
      expect(health.status).toBe(200);
      expect((await fetch(running.url)).headers.get('content-type')).toContain('text/html');

      medicEmail = 'medica@consulta.test';
      const registered = await json(`${running.url}/api/auth/register`, { name: 'Lucía', lname: 'Martínez', email: medicEmail, password: TEST_PASSWORD, type: 'medic' });
      expect(registered.status).toBe(201);
      const medic = await login(running.url, medicEmail);
      const patientRegistered = await json(`${running.url}/api/auth/register`, {
        name: 'Pablo', lname: 'Gil', email: 'paciente@consulta.test', password: TEST_PASSWORD, type: 'patient', doctorEmail: medicEmail,
      });
      expect(patientRegistered.status).toBe(201);
      const database = new Database(join(dataDir, 'expediente.db'), { readonly: true });
      const { idPatient } = database.prepare('select id as idPatient from patients').get() as { idPatient: number };
      database.close();

      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(samplePdf)], { type: 'application/pdf' }), 'informe.pdf');
      const uploaded = await fetch(`${running.url}/api/medics/patients/${idPatient}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${medic.access_token}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      code = ((await uploaded.json()) as { code: string }).code;
      expect(await downloadPdf(running.url, medic, code)).toEqual(samplePdf);

      // While the server runs, as the README says backups are taken.
      const backup = command(['backup', '--out', join(root, 'practice.backup')], environment(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE }));
      expect(backup.output).toMatch(/^Wrote .*practice\.backup: 1 patients, 1 documents/);
      expect(backup.status).toBe(0);
      expect(command(['audit-verify'], environment(dataDir))).toMatchObject({ status: 0, output: expect.stringContaining('Audit chain intact') });
    } finally {
      expect(await stop(running)).toBe(0);
    }

    const restoredDir = join(root, 'restored');
    const restore = command(['restore', join(root, 'practice.backup'), '--data-dir', restoredDir], { PATH: emptyPath, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restore.output).toContain('Restored the backup');
    expect(restore.status).toBe(0);
    const again = await serve(restoredDir);
    try {
      const medic = await login(again.url, medicEmail);
      expect(await downloadPdf(again.url, medic, code)).toEqual(samplePdf);
    } finally {
      expect(await stop(again)).toBe(0);
    }
  }, 240_000);

  it('serves a DATA_DIR made by the server of the repository, with its accounts and documents', async () => {
    const dataDir = join(root, 'from-npm-start');
    ensureDataDir(dataDir);
    // The repository's server, listening as npm start does, makes the practice the binary then serves.
    const app = await buildApp({ config: testConfig({ dataDir, jwtSecret: undefined }), clientDir: null });
    const source = await app.listen({ port: 0, host: '127.0.0.1' });
    let code: string;
    try {
      expect((await json(`${source}/api/auth/register`, { name: 'Ana', lname: 'Ruiz', email: 'ana@consulta.test', password: TEST_PASSWORD, type: 'medic' })).status).toBe(201);
      const medic = await login(source, 'ana@consulta.test');
      expect(
        (await json(`${source}/api/auth/register`, { name: 'Rita', lname: 'Sanz', email: 'rita@consulta.test', password: TEST_PASSWORD, type: 'patient', doctorEmail: 'ana@consulta.test' })).status,
      ).toBe(201);
      const { patients } = (await (await fetch(`${source}/api/medics/my-patients`, { headers: { authorization: `Bearer ${medic.access_token}` } })).json()) as { patients: { idPatient: number }[] };
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(samplePdf)], { type: 'application/pdf' }), 'informe.pdf');
      const uploaded = await fetch(`${source}/api/medics/patients/${patients[0]!.idPatient}/files`, { method: 'POST', headers: { authorization: `Bearer ${medic.access_token}` }, body: form });
      expect(uploaded.status).toBe(201);
      code = ((await uploaded.json()) as { code: string }).code;
    } finally {
      await app.close();
    }

    const running = await serve(dataDir);
    try {
      // The password hashed by the repository's argon2 checks out in the binary's, and the document
      // encrypted under the repository's key file opens.
      const session = await login(running.url, 'ana@consulta.test');
      expect(session.user.email).toBe('ana@consulta.test');
      expect(await downloadPdf(running.url, session, code)).toEqual(samplePdf);
    } finally {
      expect(await stop(running)).toBe(0);
    }
  }, 120_000);
  it('migrates an older DATA_DIR only after an encrypted backup beside it, and refuses without a passphrase', async () => {
    // The practice as the release before this one left it: every migration but the newest applied.
    const older = join(root, 'older-release');
    cpSync(migrationsFolder, older, { recursive: true });
    const journalFile = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));
    const parent = join(root, 'upgrade');
    const dataDir = join(parent, 'data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const sqlite = new Database(join(dataDir, 'expediente.db'));
    migrate(drizzle(sqlite), { migrationsFolder: older });
    sqlite.close();

    const refused = spawnSync(binary, [], { cwd: root, env: environment(dataDir, { PORT: '0' }), encoding: 'utf8', timeout: 60_000 });
    expect(refused.status).toBe(1);
    expect(`${refused.stdout}${refused.stderr}`).toMatch(/BACKUP_PASSPHRASE[\s\S]*--no-backup/);

    const running = await serve(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE });
    try {
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
      const backups = readdirSync(parent).filter((name) => /^expediente-before-.*\.backup$/.test(name));
      expect(backups).toHaveLength(1);
    } finally {
      expect(await stop(running)).toBe(0);
    }
  }, 120_000);

});
