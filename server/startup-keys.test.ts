// Keys are never silently replaced: a server whose documents or audit trail depend on a key file
// that is gone refuses to start and says how to get it back, instead of making a new key that opens
// nothing; a fresh install still just starts.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { AUDIT_KEY_FILE } from './audit/audit-key';
import { isDataDirInUse } from './data-dir-lock';
import { openDatabase } from './db/client';
import { DOCUMENT_KEY_FILE } from './files/document-key';
import { startServer, stopAllServers } from './server-process.fixture';
import { MissingKeyError } from './startup-keys';
import { bearer, buildTestApp, register, testConfig, uniqueEmail } from './test/helpers';
import { samplePng } from './test/sample-files';
import { rawGet } from './db/raw-sql';

const root = mkdtempSync(join(tmpdir(), 'expediente-keys-'));
/** A DATA_DIR with one uploaded document and the audit rows its making wrote, copied for each test. */
const practice = join(root, 'practice');
let count = 0;
const copyOfPractice = () => {
  const dataDir = join(root, `copy-${++count}`);
  cpSync(practice, dataDir, { recursive: true });
  return dataDir;
};

beforeAll(async () => {
  mkdirSync(practice);
  const app = await buildTestApp({ config: testConfig({ dataDir: practice }), db: openDatabase(join(practice, 'expediente.db')) });
  try {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const { id } = (await rawGet(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser])) as { id: number };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samplePng)], { type: 'image/png' }), 'rx.png');
    const upload = await app.inject({ method: 'POST', url: `/api/medics/patients/${id}/files`, headers: bearer(medic.access_token), payload: form });
    expect(upload.statusCode).toBe(201);
  } finally {
    await app.close();
  }
  expect(existsSync(join(practice, DOCUMENT_KEY_FILE))).toBe(true);
});
afterEach(stopAllServers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('keys at start', () => {
  it('refuses to start when document-key is missing while documents exist, says how to restore it, and makes no new key', async () => {
    const dataDir = copyOfPractice();
    rmSync(join(dataDir, DOCUMENT_KEY_FILE));
    const outcome = await startServer(dataDir);
    expect(outcome.kind).toBe('exited');
    if (outcome.kind !== 'exited') return;
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`Refusing to start: ${join(dataDir, DOCUMENT_KEY_FILE)} is missing, and 1 document is encrypted with it`);
    expect(outcome.stderr).toContain(`npm run restore -- BACKUP --data-dir ${dataDir}`);
    expect(outcome.stderr).toContain('put back the file document-key from a copy of DATA_DIR');
    expect(existsSync(join(dataDir, DOCUMENT_KEY_FILE))).toBe(false);
  });

  it('treats an empty (0-byte) document-key as missing: refuses to start and leaves the file as it was', async () => {
    const dataDir = copyOfPractice();
    writeFileSync(join(dataDir, DOCUMENT_KEY_FILE), '');
    const outcome = await startServer(dataDir);
    expect(outcome).toMatchObject({ kind: 'exited', code: 1 });
    if (outcome.kind !== 'exited') return;
    expect(outcome.stderr).toContain(`${join(dataDir, DOCUMENT_KEY_FILE)} is empty, and 1 document is encrypted with it`);
    expect(statSync(join(dataDir, DOCUMENT_KEY_FILE)).size).toBe(0);
  });

  it('refuses to start when audit-key is missing while the audit trail has rows, and makes no new key', async () => {
    const dataDir = copyOfPractice();
    rmSync(join(dataDir, AUDIT_KEY_FILE));
    const outcome = await startServer(dataDir);
    expect(outcome).toMatchObject({ kind: 'exited', code: 1 });
    if (outcome.kind !== 'exited') return;
    expect(outcome.stderr).toMatch(new RegExp(`Refusing to start: ${join(dataDir, AUDIT_KEY_FILE)} is missing, and the audit trail holds \\d+ rows sealed with it`));
    expect(outcome.stderr).toContain(`npm run restore -- BACKUP --data-dir ${dataDir}`);
    expect(existsSync(join(dataDir, AUDIT_KEY_FILE))).toBe(false);
  });

  it('starts on a fresh directory, making the audit key now and the document key at the first upload', async () => {
    const dataDir = join(root, 'fresh');
    const app = await buildApp({ config: testConfig({ dataDir }), clientDir: null });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(statSync(join(dataDir, AUDIT_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(existsSync(join(dataDir, DOCUMENT_KEY_FILE))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('makes a missing audit key and an empty document key anew when no row depends on them', async () => {
    const dataDir = join(root, 'emptied');
    const app = await buildApp({ config: testConfig({ dataDir }), clientDir: null });
    await app.close();
    rmSync(join(dataDir, AUDIT_KEY_FILE));
    writeFileSync(join(dataDir, DOCUMENT_KEY_FILE), '', { mode: 0o600 });
    const again = await buildApp({ config: testConfig({ dataDir }), clientDir: null });
    await again.close();
    expect(statSync(join(dataDir, AUDIT_KEY_FILE)).size).toBeGreaterThan(0);
  });

  it('tightens key files open to other users to 0600, with a warning naming each', async () => {
    const dataDir = copyOfPractice();
    chmodSync(join(dataDir, DOCUMENT_KEY_FILE), 0o644);
    chmodSync(join(dataDir, AUDIT_KEY_FILE), 0o640);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const app = await buildApp({ config: testConfig({ dataDir }), clientDir: null });
      await app.close();
      expect(statSync(join(dataDir, DOCUMENT_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, AUDIT_KEY_FILE)).mode & 0o777).toBe(0o600);
      const warnings = warn.mock.calls.map((call) => String(call[0]));
      expect(warnings).toContainEqual(expect.stringContaining(`${join(dataDir, DOCUMENT_KEY_FILE)} was open to other users (mode 0644); it was tightened to 0600`));
      expect(warnings).toContainEqual(expect.stringContaining(`${join(dataDir, AUDIT_KEY_FILE)} was open to other users (mode 0640); it was tightened to 0600`));
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses in-process with MissingKeyError too, and lets go of the DATA_DIR lock it took', async () => {
    const dataDir = copyOfPractice();
    rmSync(join(dataDir, DOCUMENT_KEY_FILE));
    await expect(buildApp({ config: testConfig({ dataDir }), clientDir: null })).rejects.toBeInstanceOf(MissingKeyError);
    expect(isDataDirInUse(dataDir)).toBe(false);
  });
});
