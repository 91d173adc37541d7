// `npm run package` builds dist/expediente-linux-x64 once; the test copies it alone into an empty
// directory and runs it there with no node or npm on PATH, as on a practice machine; and the
// practice the previous release left (server/test/fixtures/previous-release) is upgraded by it, after
// a backup that it restores. Building takes about half a minute, so this file has generous timeouts.
import Database from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { PRACTICE_KEY_FILE } from '../server/encryption/practice-key';
import { ensureDataDir } from '../server/secrets';
import { samplePdf } from '../server/test/sample-files';
import { testConfig, TEST_PASSWORD } from '../server/test/helpers';
import { freshPostgresDatabase, postgresUnreachable } from '../server/test/postgres-database';
import { PREVIOUS_RELEASE_FACTS, PREVIOUS_RELEASE_PASSPHRASE, PREVIOUS_RELEASE_PASSWORD, unpackPreviousRelease } from '../server/test/previous-release';
import { releaseOfCheckout } from '../server/release';
import { repoRoot } from './build-state.mjs';
import { packageBinary } from './package';
import { downloadPdf, json, login } from './package.fixture';
import { SHARED_CATALOG_DIR } from './package/assets';

const PASSPHRASE = 'frase-de-copia-larga-2025';
const PRACTICE_PASSPHRASE = 'frase de la consulta del binario';
let root: string;
let binary: string;
/** A directory with nothing in it, as PATH: the binary must need neither node nor npm. */
let emptyPath: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-package-test-'));
  emptyPath = mkdtempSync(join(root, 'path-'));
  const home = mkdtempSync(join(root, 'machine-'));
  binary = join(home, 'expediente');
  // With the catalog beside the repository, as a release is built; where a checkout has none, without
  // it (these tests need no diagnosis), as packaging must then be told.
  const catalogDir = existsSync(SHARED_CATALOG_DIR) ? SHARED_CATALOG_DIR : null;
  copyFileSync(await packageBinary({ catalogDir, log: () => {} }), binary);
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The binary's messages in English where a test reads them (Spanish, the default, is shown by its own tests). */
const environment = (dataDir: string, extra: Record<string, string> = {}) => ({ PATH: emptyPath, DATA_DIR: dataDir, EXPEDIENTE_LANGUAGE: 'en', ...extra });

interface Running {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output: () => string;
}

/** Starts the binary on `dataDir` on a free port and waits for the URL it prints, or for `until` in its output. */
async function serve(dataDir: string, extra: Record<string, string> = {}, until = /listening at (\S+)/): Promise<Running> {
  const child = spawn(binary, [], { cwd: root, env: environment(dataDir, { PORT: '0', ...extra }), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = until.exec(output);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the binary exited (${code}) before listening:\n${output}`)));
  });
  return { url, child, exited, output: () => output };
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

describe('the packaged binary', () => {
  it('answers --version with its release (version and commit) and --help in the practice language, without a DATA_DIR', () => {
    expect(command(['--version'], { PATH: emptyPath })).toEqual({ status: 0, output: `${releaseOfCheckout(repoRoot)}\n` });
    expect(releaseOfCheckout(repoRoot)).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(command(['--help'], { PATH: emptyPath }).output).toContain('expediente backup --out ARCHIVO');
    expect(command(['--help'], { PATH: emptyPath, LANG: 'en_US.UTF-8' }).output).toContain('expediente backup --out FILE');
    expect(command(['--help'], { PATH: emptyPath, LANG: 'en_US.UTF-8' }).output).toMatch(/expediente encrypt \[--data-dir DIR\][\s\S]*expediente change-passphrase/);
    expect(command(['--help'], { PATH: emptyPath }).output).toContain('cifra un DATA_DIR sin cifrar');
    expect(command(['no-such-command'], { PATH: emptyPath })).toMatchObject({ status: 2, output: expect.stringContaining('Orden desconocida: no-such-command') });
  });

  it('starts from the code cache its packaging recorded, and says so when V8 cannot take it', () => {
    // --version's output is the version alone (above): no warning, so the cache was there and taken.
    // Another V8 flag than the build's (a heap size in NODE_OPTIONS) makes V8 refuse it: the start is slower, and said.
    const otherFlags = command(['--version'], { PATH: emptyPath, NODE_OPTIONS: '--max-semi-space-size=32' });
    expect(otherFlags.status).toBe(0);
    expect(otherFlags.output).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}\n/);
    expect(otherFlags.output).toContain('Start-up code cache rejected');
  });

  it('makes a new encrypted practice given PASSPHRASE_FILE, as a systemd credential gives it, printing its recovery key once', async () => {
    const dataDir = join(root, 'encrypted');
    const credential = join(root, 'expediente-passphrase');
    writeFileSync(credential, 'frase del consultorio del binario\n', { mode: 0o600 });
    const running = await serve(dataDir, { PASSPHRASE_FILE: credential });
    try {
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
      expect(running.output()).toMatch(/Its recovery key, shown this once only:\n\n {4}([0-9A-Z]{4}-){12}[0-9A-Z]{4}\n/);
      expect(existsSync(join(dataDir, PRACTICE_KEY_FILE))).toBe(true);
      const registered = await json(`${running.url}/api/auth/register`, { name: 'Lucía', lname: 'Martínez', email: 'medica@cifrado.test', password: TEST_PASSWORD, type: 'medic' });
      expect(registered.status).toBe(201);
    } finally {
      expect(await stop(running)).toBe(0);
    }
    // A copy of the disk shows no account: the database file is not SQLite's plain format.
    expect(readFileSync(join(dataDir, 'expediente.db')).includes('medica@cifrado.test')).toBe(false);
  }, 120_000);

  it('starts an encrypted practice locked without its passphrase, and serves it once the unlock page is given it', async () => {
    const dataDir = join(root, 'locked');
    const credential = join(root, 'locked-passphrase');
    writeFileSync(credential, `${PRACTICE_PASSPHRASE}\n`, { mode: 0o600 });
    const made = await serve(dataDir, { PASSPHRASE_FILE: credential });
    expect(await stop(made)).toBe(0);

    const locked = await serve(dataDir);
    try {
      const health = await fetch(`${locked.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'locked', setup: false });
      expect((await fetch(`${locked.url}/api/practice`)).status).toBe(503);
      expect((await json(`${locked.url}/api/unlock`, { passphrase: 'not the practice passphrase' })).status).toBe(401);
      expect((await json(`${locked.url}/api/unlock`, { passphrase: PRACTICE_PASSPHRASE })).status).toBe(204);
      // The practice's app takes the locked server's place on the same port.
      await expect.poll(async () => (await fetch(`${locked.url}/api/health`)).status, { timeout: 30_000 }).toBe(200);
    } finally {
      expect(await stop(locked)).toBe(0);
    }
  }, 120_000);

  it('serves a plain practice of an earlier release, backs it up, stops on SIGTERM with 0, and restores the backup', async () => {
    const dataDir = join(root, 'practice');
    // Made by the repository's server without a practice key, as releases before encryption left their data.
    ensureDataDir(dataDir);
    await (await buildApp({ config: testConfig({ dataDir, jwtSecret: undefined }), clientDir: null })).close();
    const running = await serve(dataDir);
    let code: string;
    let medicEmail: string;
    try {
      const health = await fetch(`${running.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', release: releaseOfCheckout(repoRoot) });
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

      // While the server runs, as docs/operations.md says backups are taken.
      const backup = command(['backup', '--out', join(root, 'practice.backup')], environment(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE }));
      expect(backup.output).toMatch(/^Wrote .*practice\.backup: 1 patients, 1 documents/);
      expect(backup.status).toBe(0);
      expect(command(['audit-verify'], environment(dataDir))).toMatchObject({ status: 0, output: expect.stringContaining('Audit chain intact') });
    } finally {
      expect(await stop(running)).toBe(0);
    }

    const restoredDir = join(root, 'restored');
    const restore = command(['restore', join(root, 'practice.backup'), '--data-dir', restoredDir], {
      PATH: emptyPath,
      BACKUP_PASSPHRASE: PASSPHRASE,
      PASSPHRASE: PRACTICE_PASSPHRASE,
      EXPEDIENTE_LANGUAGE: 'en',
    });
    expect(restore.output).toContain('Restored the backup');
    expect(restore.output).toContain('encrypted under a new practice key');
    expect(restore.status).toBe(0);
    // Restored encrypted: served with its practice passphrase.
    const again = await serve(restoredDir, { PASSPHRASE: PRACTICE_PASSPHRASE });
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
});

describe.skipIf(await postgresUnreachable())("the packaged binary on a clinic network's PostgreSQL database", () => {
  it('migrates a fresh database from the migrations it carries, serves it with no backup of its own, and seals the trail in DATA_DIR', async () => {
    const database = await freshPostgresDatabase();
    const dataDir = join(root, 'network');
    const network = { DATABASE_URL: database.url, PASSPHRASE: PRACTICE_PASSPHRASE };
    try {
      const running = await serve(dataDir, network);
      try {
        const health = await fetch(`${running.url}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok', release: releaseOfCheckout(repoRoot) });
        const registered = await json(`${running.url}/api/auth/register`, { name: 'Lucía', lname: 'Martínez', email: 'medica@red.test', password: TEST_PASSWORD, type: 'medic' });
        expect(registered.status).toBe(201);
        expect((await login(running.url, 'medica@red.test')).user.email).toBe('medica@red.test');
        expect(running.output()).toContain('this binary writes no backup before migrating it');
      } finally {
        expect(await stop(running)).toBe(0);
      }
      // The data went to PostgreSQL; DATA_DIR keeps the keys and the head sealed at close, which the trail holds.
      expect(existsSync(join(dataDir, 'expediente.db'))).toBe(false);
      const verified = command(['audit-verify'], environment(dataDir, network));
      expect(verified.output).toMatch(/Audit chain intact[\s\S]*Every row up to the sealed head/);
      expect(verified.status).toBe(0);
    } finally {
      await database.drop();
    }
  }, 120_000);
});

describe("the packaged binary on the previous release's practice", () => {
  const preUpgradeBackups = (dir: string) => readdirSync(dir).filter((name) => /^expediente-before-.*\.backup$/.test(name));
  const intactTrail = `Audit chain intact: ${PREVIOUS_RELEASE_FACTS.auditRows} rows verified`;

  it('refuses without a passphrase and changes nothing; upgrades after a backup that the same binary restores; verifies the trail before and after', async () => {
    const parent = mkdtempSync(join(root, 'upgrade-'));
    const { dataDir, backup: previousBackup } = unpackPreviousRelease(parent);
    const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();
    const asFound = listing(dataDir);

    // Refused in the practice's language (Spanish by default), naming no migration, leaving the directory as found.
    const refused = spawnSync(binary, [], { cwd: root, env: { PATH: emptyPath, DATA_DIR: dataDir, PORT: '0' }, encoding: 'utf8', timeout: 60_000 });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^No se ha cambiado nada[\s\S]*BACKUP_PASSPHRASE[\s\S]*--no-backup/);
    expect(refused.stderr).not.toMatch(/0009_|0020_/);
    expect(listing(dataDir)).toEqual(asFound);

    expect(command(['audit-verify'], environment(dataDir))).toMatchObject({ status: 0, output: expect.stringContaining(intactTrail) });

    const running = await serve(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE });
    let backupFile: string;
    try {
      expect(await (await fetch(`${running.url}/api/health`)).json()).toMatchObject({ status: 'ok', release: releaseOfCheckout(repoRoot) });
      const medic = await login(running.url, 'lucia.martinez@consultorio-demo.es', PREVIOUS_RELEASE_PASSWORD);
      expect(medic.user.type).toBe('medic');
      expect(preUpgradeBackups(parent)).toEqual([expect.stringContaining(`expediente-before-${releaseOfCheckout(repoRoot)}-`)]);
      backupFile = join(parent, preUpgradeBackups(parent)[0]!);
      // Said once listening: done, and how to go back, with this very backup.
      await expect.poll(running.output).toContain('Upgrade finished');
      expect(running.output()).toContain(`${binary} restore ${backupFile} --data-dir ${dataDir} --force --unencrypted`);
    } finally {
      expect(await stop(running)).toBe(0);
    }
    expect(command(['audit-verify'], environment(dataDir))).toMatchObject({ status: 0, output: expect.stringContaining('Audit chain intact') });

    // The way back: the pre-upgrade backup, restored by the binary that wrote it, is the previous release's practice.
    const restoredDir = join(parent, 'restored');
    // Unencrypted, as the upgrade's command says: the release before encryption reads nothing else.
    const restored = command(['restore', backupFile, '--data-dir', restoredDir, '--unencrypted'], { PATH: emptyPath, BACKUP_PASSPHRASE: PASSPHRASE, EXPEDIENTE_LANGUAGE: 'en' });
    expect(restored.output).toContain(`audit chain intact (${PREVIOUS_RELEASE_FACTS.auditRows} rows, up to the sealed head`);
    expect(restored.output).toContain(`written by Expediente ${releaseOfCheckout(repoRoot)}`);
    expect(restored.output).toContain('the data of an earlier release');
    expect(restored.output).toContain('The restored data are unencrypted');
    expect(restored.status).toBe(0);
    expect(readFileSync(join(restoredDir, 'expediente.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(command(['audit-verify'], environment(restoredDir))).toMatchObject({ status: 0, output: expect.stringContaining(intactTrail) });

    // And the previous release's own backup restores here, encrypted, with its chain intact, said in Spanish by default.
    const fromPrevious = command(['restore', previousBackup, '--data-dir', join(parent, 'from-previous')], {
      PATH: emptyPath,
      BACKUP_PASSPHRASE: PREVIOUS_RELEASE_PASSPHRASE,
      PASSPHRASE: PRACTICE_PASSPHRASE,
    });
    expect(fromPrevious.output).toContain(`registro de auditoría intacto (${PREVIOUS_RELEASE_FACTS.auditRows} filas)`);
    expect(fromPrevious.status).toBe(0);
  }, 240_000);

  it('encrypts it and changes its passphrase, then upgrades it after an encrypted backup, serving it with the new passphrase', async () => {
    const parent = mkdtempSync(join(root, 'encrypt-'));
    const { dataDir } = unpackPreviousRelease(parent);
    const encrypted = command(['encrypt', '--data-dir', dataDir], environment(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE, PASSPHRASE: PRACTICE_PASSPHRASE }));
    expect(encrypted.output).toContain(`audit chain intact (${PREVIOUS_RELEASE_FACTS.auditRows} rows)`);
    expect(encrypted.status).toBe(0);
    expect(readFileSync(join(dataDir, 'expediente.db')).includes(Buffer.from('consultorio-demo.es'))).toBe(false);
    const changed = command(['change-passphrase', '--data-dir', dataDir], environment(dataDir, { PASSPHRASE: PRACTICE_PASSPHRASE, NEW_PASSPHRASE: 'la frase nueva de la consulta' }));
    expect(changed.status).toBe(0);
    expect(command(['audit-verify'], environment(dataDir, { PASSPHRASE: PRACTICE_PASSPHRASE }))).toMatchObject({ status: 1 });

    const running = await serve(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE, PASSPHRASE: 'la frase nueva de la consulta' });
    try {
      const medic = await login(running.url, 'lucia.martinez@consultorio-demo.es', PREVIOUS_RELEASE_PASSWORD);
      expect(medic.user.type).toBe('medic');
      expect(running.output()).toContain('Before upgrading the data, wrote the backup');
    } finally {
      expect(await stop(running)).toBe(0);
    }
    // Beside the one `encrypt` wrote first, the one before the upgrade; neither holds a record in the clear.
    const written = preUpgradeBackups(parent);
    expect(written.filter((name) => name.startsWith(`expediente-before-${releaseOfCheckout(repoRoot)}-`))).toHaveLength(1);
    expect(written.filter((name) => name.startsWith('expediente-before-encryption-'))).toHaveLength(1);
    for (const name of written) expect(readFileSync(join(parent, name)).includes(Buffer.from('consultorio-demo.es'))).toBe(false);
  }, 240_000);

  it('killed after its backup, again and again, leaves one pre-upgrade backup, and then upgrades', async () => {
    const parent = mkdtempSync(join(root, 'crash-loop-'));
    const { dataDir } = unpackPreviousRelease(parent);
    // Another process holds the database's write lock, so no start can finish migrating: each one
    // backs up, then waits on the lock until it is killed, as a start that dies after its backup.
    const holder = new Database(join(dataDir, 'expediente.db'));
    holder.exec('begin immediate');
    try {
      for (let start = 0; start < 4; start += 1) {
        const running = await serve(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE }, /(Before upgrading the data|have not changed since the backup)()/);
        running.child.kill('SIGKILL');
        await running.exited;
        expect(preUpgradeBackups(parent)).toHaveLength(1);
      }
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    const running = await serve(dataDir, { BACKUP_PASSPHRASE: PASSPHRASE });
    try {
      expect(running.output()).toContain('have not changed since the backup');
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await stop(running)).toBe(0);
    }
    expect(preUpgradeBackups(parent)).toHaveLength(1);
    expect(existsSync(join(parent, preUpgradeBackups(parent)[0]!))).toBe(true);
  }, 240_000);
});
