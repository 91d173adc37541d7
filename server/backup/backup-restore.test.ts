// A backup taken while another process writes restores into a server that serves the
// same rows and the same documents; a wrong passphrase or one altered byte restores nothing; the
// archive holds no patient's name or email in the clear.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { openDatabase } from '../db/client';
import { openSqlite } from '../db/open-sqlite';
import { rawGet } from '../db/raw-sql';
import { isPlainDatabaseFile } from '../encryption/database-file';
import { practiceForTests } from '../test/encrypted-practice';
import { bearer, buildTestApp, loginRequest, register, TEST_PASSWORD, testConfig, uniqueEmail } from '../test/helpers';
import { sampleJpeg, samplePdf, samplePng } from '../test/sample-files';
import { HEADER_BYTES, CHUNK_BYTES, type ScryptParams } from './archive-format';
import { createBackup } from './backup';
import { churnContent } from './concurrent-writer.fixture';
import { restoreBackup } from './restore';

/** Cheap key derivation for tests only; production archives use PRODUCTION_SCRYPT. */
const TEST_SCRYPT: ScryptParams = { log2N: 10, r: 8, p: 1 };
const PASSPHRASE = 'correct horse battery staple';
const PATIENT = { name: 'Zacarías', lname: 'Quintanilla', email: uniqueEmail('zacarias.quintanilla') };
const writerScript = fileURLToPath(new URL('./concurrent-writer.fixture.ts', import.meta.url));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
type Tables = Record<string, string[]>;

function everyRow(db: Database.Database): Tables {
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
  // Sorted by content: some tables have no rowid, and order is not what is compared.
  const rowsOf = (table: string) => db.prepare(`select * from "${table}"`).all().map((row) => JSON.stringify(row)).sort();
  return Object.fromEntries(tables.map((table) => [table, rowsOf(table)]));
}

let root: string;
let dataDir: string;
let app: FastifyInstance;
let medic: Session;
/** Plaintext SHA-256 of every document uploaded before the backup, by code. */
const uploaded = new Map<string, string>();
let archive: string;
let atSnapshot: Tables;
let writes: { before: number; after: number };

function startWriter(patientId: number, medicUserId: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dataDir, String(patientId), String(medicUserId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
  });
}

const auditRows = () => {
  const db = new Database(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    return db.prepare('select count(*) from audit_events').pluck().get() as number;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-backup-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  app = await buildTestApp({ config: testConfig({ dataDir, jwtSecret: undefined }), db: openDatabase(join(dataDir, 'expediente.db')) });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', ...PATIENT, doctorEmail: medic.user.email });
  const patientId = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  for (const [bytes, name] of [[samplePng, 'radiografia.png'], [samplePdf, 'analitica.pdf'], [sampleJpeg, 'receta.jpg']] as const) {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await app.inject({ method: 'POST', url: `/api/medics/patients/${patientId}/files`, headers: bearer(medic.access_token), payload: data });
    expect(response.statusCode).toBe(201);
    uploaded.set(response.json<{ code: string }>().code, sha256(bytes));
  }

  // The server (this process) stays open while another process writes into the same DATA_DIR.
  const writer = await startWriter(patientId, medic.user.idUser);
  try {
    const before = auditRows();
    archive = join(root, 'practice.expbak');
    await createBackup({ dataDir, outFile: archive, passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT, onSnapshot: (snapshot) => (atSnapshot = everyRow(snapshot)) });
    // Writes went on while the backup ran, and after it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    writes = { before, after: auditRows() };
  } finally {
    writer.kill();
    await new Promise((resolve) => writer.once('exit', resolve));
  }
}, 30_000);

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a backup taken while another process writes', () => {
  it('restores into a server with every row of the snapshot and every document byte for byte', async () => {
    expect(writes.after).toBeGreaterThan(writes.before);
    const restoredDir = join(root, 'restored');
    const summary = await restoreBackup({ archive, dataDir: restoredDir, passphrase: PASSPHRASE, practice: practiceForTests() });
    expect(summary.auditChain).toMatch(/^intact/);
    expect(summary.documents).toBe(atSnapshot.files!.length);

    const restoredDb = openSqlite(join(restoredDir, 'expediente.db'), { readonly: true });
    try {
      expect(everyRow(restoredDb)).toEqual(atSnapshot);
    } finally {
      restoredDb.close();
    }
    expect(existsSync(join(restoredDir, 'jwt-secret'))).toBe(false);

    // The server on the restored directory: the medic signs in and downloads every document.
    const restored = await buildTestApp({ config: testConfig({ dataDir: restoredDir, jwtSecret: undefined }), db: openDatabase(join(restoredDir, 'expediente.db')) });
    try {
      const login = await loginRequest(restored, medic.user.email, TEST_PASSWORD);
      expect(login.statusCode).toBe(200);
      const token = login.json<Session>().access_token;
      const files = atSnapshot.files!.map((row) => JSON.parse(row) as { code: string; name: string });
      expect(files.filter((file) => uploaded.has(file.code))).toHaveLength(uploaded.size);
      // The other process's documents, uploaded and deleted while the backup ran, are in it too.
      expect(files.some((file) => file.name.startsWith('churn-'))).toBe(true);
      for (const file of files) {
        const response = await restored.inject({ method: 'GET', url: `/api/medics/files/${file.code}`, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        const expected = uploaded.get(file.code) ?? sha256(churnContent(file.name));
        expect(sha256(response.rawPayload)).toBe(expected);
      }
    } finally {
      await restored.close();
    }
  });

  it('holds no patient name or email, and no key, in the clear', () => {
    const bytes = readFileSync(archive);
    for (const text of [PATIENT.name, PATIENT.lname, PATIENT.email, medic.user.email, 'radiografia', 'audit_events', 'SQLite format 3']) {
      expect(bytes.includes(Buffer.from(text, 'utf8')), text).toBe(false);
    }
    for (const secret of ['document-key', 'audit-key']) {
      expect(bytes.includes(Buffer.from(readFileSync(join(dataDir, secret), 'utf8').trim())), secret).toBe(false);
    }
  });
});

describe('a restore that must not happen', () => {
  const attempt = (file: string, passphrase = PASSPHRASE) => {
    const target = join(root, `target-${Math.random().toString(36).slice(2)}`);
    return { target, result: restoreBackup({ archive: file, dataDir: target, passphrase, practice: practiceForTests() }) };
  };
  const leftovers = () => readdirSync(root).filter((name) => name.startsWith('.restore-') || name.startsWith('target-'));

  it('names a wrong passphrase and writes nothing', async () => {
    const { result } = attempt(archive, 'not the passphrase at all');
    await expect(result).rejects.toThrow(/Wrong passphrase/);
    expect(leftovers()).toEqual([]);
  });

  it.each([
    ['in the header', HEADER_BYTES - 40, /Wrong passphrase, or the archive header is damaged/],
    ['in the first chunk', HEADER_BYTES + 100, /chunk 0 .*fails its authentication tag/],
    ['in a later chunk', HEADER_BYTES + CHUNK_BYTES + 16 + 5, /chunk 1 .*fails its authentication tag/],
    ['in the last tag', -1, /final chunk .*fails its authentication tag/],
  ])('refuses an archive with one flipped byte %s and writes nothing', async (_where, offset, message) => {
    const bytes = readFileSync(archive);
    const at = offset < 0 ? bytes.length + offset : offset;
    bytes[at] = bytes[at]! ^ 0x01;
    const damaged = join(root, 'damaged.expbak');
    writeFileSync(damaged, bytes);
    const { result } = attempt(damaged);
    await expect(result).rejects.toThrow(message);
    expect(leftovers()).toEqual([]);
  });

  it('refuses an archive cut at a chunk boundary', async () => {
    const cut = join(root, 'cut.expbak');
    writeFileSync(cut, readFileSync(archive));
    truncateSync(cut, HEADER_BYTES + CHUNK_BYTES + 16);
    const { result } = attempt(cut);
    await expect(result).rejects.toThrow(/damaged or cut short/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a non-empty target unless forced, and then moves its contents aside', async () => {
    const target = join(root, 'occupied');
    mkdirSync(target);
    writeFileSync(join(target, 'expediente.db'), 'an older practice');
    await expect(restoreBackup({ archive, dataDir: target, passphrase: PASSPHRASE, practice: practiceForTests() })).rejects.toThrow(/is not empty; nothing was written/);
    expect(readFileSync(join(target, 'expediente.db'), 'utf8')).toBe('an older practice');

    const summary = await restoreBackup({ archive, dataDir: target, passphrase: PASSPHRASE, force: true, practice: practiceForTests() });
    expect(readFileSync(join(summary.replacedDir!, 'expediente.db'), 'utf8')).toBe('an older practice');
    expect(openSqlite(join(target, 'expediente.db'), { readonly: true }).pragma('quick_check', { simple: true })).toBe('ok');
    expect(isPlainDatabaseFile(join(target, 'expediente.db'))).toBe(false);
    rmSync(target, { recursive: true });
    rmSync(summary.replacedDir!, { recursive: true });
  });
});
