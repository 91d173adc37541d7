// An encrypted practice's backups: taken while another process writes, no plaintext copy of the
// database or of a key is ever on the disk (the staging directory is watched while the backup runs),
// and the archive opens with its own passphrase alone: restored by the command into a new DATA_DIR,
// in another process that holds no key, under the backed-up practice's key or a new one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../shared/auth';
import type { BackupScheduleConfig } from '../config';
import { openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { openSqlite } from '../db/open-sqlite';
import { rawGet } from '../db/raw-sql';
import { isPlainDatabaseFile } from '../encryption/database-file';
import { openWithPassphrase, openWithRecoveryKey, readPracticeKeyFile } from '../encryption/practice-key';
import { forgetPracticeKey, rememberPracticeKey } from '../encryption/unlocked-practices';
import { encryptedPracticeForTests, TEST_PRACTICE_PASSPHRASE } from '../test/encrypted-practice';
import { bearer, buildTestApp, loginRequest, register, TEST_PASSWORD, testConfig, uniqueEmail } from '../test/helpers';
import { samplePdf, samplePng } from '../test/sample-files';
import type { ScryptParams } from './archive-format';
import { createBackup } from './backup';
import { churnContent } from './concurrent-writer.fixture';
import { createBackupSchedule } from './schedule';

const TEST_SCRYPT: ScryptParams = { log2N: 10, r: 8, p: 1 };
const BACKUP_PASSPHRASE = 'frase larga de las copias cifradas';
const PATIENT = { name: 'Eustaquio', lname: 'Villaverde', email: uniqueEmail('eustaquio.villaverde') };
const writerScript = fileURLToPath(new URL('./concurrent-writer.fixture.ts', import.meta.url));
const restoreScript = fileURLToPath(new URL('../../scripts/restore.ts', import.meta.url));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let root: string;
let dataDir: string;
let masterKey: Buffer;
let recoveryKey: string;
let app: FastifyInstance;
let medic: Session;
let archive: string;
let atSnapshot: Record<string, string[]>;
/** Every file found in the clear while the backup ran, by what gave it away. */
const plaintextSeen: string[] = [];
let samples = 0;
const uploaded = new Map<string, string>();

/** What no file may hold: the patient's name and email, and the mark of an unencrypted SQLite file. */
const secrets = () => [PATIENT.lname, PATIENT.email, 'SQLite format 3\0'].map((text) => Buffer.from(text, 'utf8'));

/** Every file under `dir` holding one of `secrets`, named with what it holds. */
function filesInTheClear(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    const path = join(dir, name);
    let bytes: Buffer;
    try {
      if (!statSync(path).isFile()) continue;
      bytes = readFileSync(path);
    } catch {
      continue; // gone between the listing and the read
    }
    for (const secret of secrets()) if (bytes.includes(secret)) found.push(`${name}: ${secret.toString('utf8')}`);
  }
  return found;
}

function everyRow(db: Database.Database): Record<string, string[]> {
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
  const rowsOf = (table: string) => db.prepare(`select * from "${table}"`).all().map((row) => JSON.stringify(row)).sort();
  return Object.fromEntries(tables.map((table) => [table, rowsOf(table)]));
}

function startWriter(patientId: number, medicUserId: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dataDir, String(patientId), String(medicUserId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PRACTICE_MASTER_KEY: masterKey.toString('hex') },
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
  });
}

/** `npm run restore` in a process of its own, which holds no key but what it is given. */
function restoreCommand(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', restoreScript, ...args], {
    encoding: 'utf8',
    env: { ...process.env, BACKUP_PASSPHRASE, MASTER_KEY: '', PASSPHRASE: '', PASSPHRASE_FILE: '', RECOVERY_KEY: '', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-encrypted-backup-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  ({ masterKey, recoveryKey } = await encryptedPracticeForTests(dataDir));
  app = await buildTestApp({ config: testConfig({ dataDir, jwtSecret: undefined }), db: openDatabase(join(dataDir, 'expediente.db')) });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', ...PATIENT, doctorEmail: medic.user.email });
  const patientId = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  for (const [bytes, name] of [[samplePng, 'radiografia.png'], [samplePdf, 'analitica.pdf']] as const) {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await app.inject({ method: 'POST', url: `/api/medics/patients/${patientId}/files`, headers: bearer(medic.access_token), payload: data });
    expect(response.statusCode).toBe(201);
    uploaded.set(response.json<{ code: string }>().code, sha256(bytes));
  }
  expect(filesInTheClear(dataDir)).toEqual([]);

  const writer = await startWriter(patientId, medic.user.idUser);
  // Samples the backup's staging directory while its worker copies and rekeys (the whole of
  // DATA_DIR is read at the snapshot, below: reading the live database every few milliseconds
  // would hold up the backup's own pinning of new documents).
  const sampler = setInterval(() => {
    samples += 1;
    for (const staging of readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))) plaintextSeen.push(...filesInTheClear(join(dataDir, staging)));
  }, 5);
  try {
    archive = join(root, 'practice.backup');
    await createBackup(
      { dataDir, outFile: archive, passphrase: BACKUP_PASSPHRASE },
      {
        scrypt: TEST_SCRYPT,
        onSnapshot: (snapshot) => {
          atSnapshot = everyRow(snapshot);
          plaintextSeen.push(...filesInTheClear(dataDir));
        },
      },
    );
  } finally {
    clearInterval(sampler);
    writer.kill();
    await new Promise((resolve) => writer.once('exit', resolve));
  }
}, 60_000);

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** Opens a restored DATA_DIR with its practice passphrase, as a server's start would. */
async function unlocked(dir: string, passphrase: string): Promise<boolean> {
  const key = await openWithPassphrase(readPracticeKeyFile(dir)!, passphrase);
  if (key) rememberPracticeKey(dir, key);
  return key !== null;
}

describe("an encrypted practice's backup", () => {
  it('leaves no plaintext copy of the database, or of a record, on the disk while it is made', () => {
    expect(samples).toBeGreaterThan(0);
    expect(plaintextSeen).toEqual([]);
    expect(atSnapshot.files!.some((row) => row.includes('churn-'))).toBe(true);
    // The staging directory is gone; the archive holds nothing in the clear either.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    expect(filesInTheClear(root)).toEqual([]);
  });

  it('restores with its backup passphrase alone into a new DATA_DIR, under the practice key it carries', async () => {
    const restoredDir = join(root, 'restored');
    const restored = restoreCommand([archive, '--data-dir', restoredDir], { PASSPHRASE: TEST_PRACTICE_PASSPHRASE });
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("encrypted under the backed-up practice's key");
    expect(isPlainDatabaseFile(join(restoredDir, 'expediente.db'))).toBe(false);
    expect(filesInTheClear(restoredDir)).toEqual([]);
    // The same practice key: its passphrase and its recovery key open the restored data.
    expect(openWithRecoveryKey(readPracticeKeyFile(restoredDir)!, recoveryKey)).toEqual(masterKey);
    expect(await unlocked(restoredDir, TEST_PRACTICE_PASSPHRASE)).toBe(true);

    const restoredDb = openSqlite(join(restoredDir, 'expediente.db'), { readonly: true });
    try {
      expect(everyRow(restoredDb)).toEqual(atSnapshot);
    } finally {
      restoredDb.close();
    }
    const server = await buildTestApp({ config: testConfig({ dataDir: restoredDir, jwtSecret: undefined }), db: openDatabase(join(restoredDir, 'expediente.db')) });
    try {
      const login = await loginRequest(server, medic.user.email, TEST_PASSWORD);
      expect(login.statusCode).toBe(200);
      const token = login.json<Session>().access_token;
      for (const row of atSnapshot.files!) {
        const file = JSON.parse(row) as { code: string; name: string };
        const response = await server.inject({ method: 'GET', url: `/api/medics/files/${file.code}`, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        expect(sha256(response.rawPayload)).toBe(uploaded.get(file.code) ?? sha256(churnContent(file.name)));
      }
    } finally {
      await server.close();
      forgetPracticeKey(restoredDir);
    }
  });

  it("refuses a passphrase that does not open the archive's practice key, or to restore unencrypted, writing nothing; makes a new key when told", async () => {
    const target = join(root, 'restored-new-key');
    const wrong = restoreCommand([archive, '--data-dir', target], { PASSPHRASE: 'not the practice passphrase' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain("does not open the practice key this archive carries");
    expect(existsSync(target)).toBe(false);
    // Nor does it come back in the clear, even when asked (that is for a plain practice going back to a release before encryption).
    const unencrypted = restoreCommand([archive, '--data-dir', target, '--unencrypted'], {});
    expect(unencrypted.code).toBe(1);
    expect(unencrypted.err).toContain('whose records never leave it in the clear');
    expect(existsSync(target)).toBe(false);

    const fresh = restoreCommand([archive, '--data-dir', target, '--new-practice-key'], { PASSPHRASE: 'otra frase para la consulta nueva' });
    expect(fresh.code).toBe(0);
    expect(fresh.out).toContain('encrypted under a new practice key');
    const shownKey = /\n {4}(([0-9A-Z]{4}-){12}[0-9A-Z]{4})\n/.exec(fresh.out)![1]!;
    const file = readPracticeKeyFile(target)!;
    expect(await openWithPassphrase(file, TEST_PRACTICE_PASSPHRASE)).toBeNull();
    expect(await unlocked(target, 'otra frase para la consulta nueva')).toBe(true);
    expect(openWithRecoveryKey(file, shownKey)).not.toBeNull();
    const db = openSqlite(join(target, 'expediente.db'), { readonly: true });
    try {
      expect(db.prepare('select count(*) from patients').pluck().get()).toBe(atSnapshot.patients!.length);
    } finally {
      db.close();
      forgetPracticeKey(target);
    }
  });

  it('is written on schedule by the running server, which holds the practice key in memory', async () => {
    const backupDir = join(root, 'scheduled');
    const config: BackupScheduleConfig = { dir: backupDir, everyHours: 24, keep: 14, passphrase: BACKUP_PASSPHRASE };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
    const schedule = createBackupSchedule({ config, dataDir, masterKey: undefined, db: sqliteEngineOf(app.deps.db).writer, log: log as never, now: () => new Date() });
    const run = await schedule.runNow();
    await schedule.stop();
    expect(run).toMatchObject({ ok: true, message: null });
    expect(readdirSync(backupDir)).toHaveLength(1);
    expect(filesInTheClear(backupDir)).toEqual([]);
  });
});
