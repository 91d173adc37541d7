// API.md "Health counts free space": with less free space under DATA_DIR than one upload may take
// (MAX_UPLOAD_MB), health says storage "low" (and answers 503, health.ts says why) and an upload is
// refused with 507 STORAGE_FULL before its body is stored; with room again both recover by themselves.
// The free space is read through the reader buildApp takes: a test cannot fill the real disk.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet } from '../db/raw-sql';
import { release } from '../release';
import { bearer, buildTestApp, errorOf, register, rowCount, testConfig, uniqueEmail } from '../test/helpers';
import { storedBlobNames } from '../test/stored-blobs';
import { samplePdf } from '../test/sample-files';

const MB = 1024 * 1024;
const MAX_UPLOAD_BYTES = 4 * MB;
let freeBytes: number | null;
let app: FastifyInstance;
let address: string;
let medic: Session;
let idPatient: number;

beforeAll(async () => {
  app = await buildTestApp({ config: { ...testConfig(), maxUploadBytes: MAX_UPLOAD_BYTES }, freeSpace: () => freeBytes });
  await register(app, { type: 'medic', email: uniqueEmail('admin') });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());
beforeEach(() => {
  freeBytes = 10 * MAX_UPLOAD_BYTES;
});

const health = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json() as unknown };
};
const url = () => `/api/medics/patients/${idPatient}/files`;
const form = (bytes: number) => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(Buffer.concat([samplePdf, Buffer.alloc(bytes - samplePdf.length, 0x20)]))], { type: 'application/pdf' }), 'rx.pdf');
  return data;
};
/** Everything an upload could leave: rows and stored blobs (on SQLite, any file in documents/). */
const leftovers = async () => ({ rows: await rowCount(app, 'files'), files: await storedBlobNames(app) });
const lastUploadEvent = () => rawGet(app.deps.db, "select outcome, detail from audit_events where action = 'files.upload' order by id desc limit 1");

describe('health counts free space', () => {
  it('reports the free bytes and "ok" with room for an upload', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', database: 'writable', documents: 'present', storage: { freeBytes: 10 * MAX_UPLOAD_BYTES, status: 'ok' }, release: release() },
    });
  });

  it('says "low" and answers 503 with less free than MAX_UPLOAD_MB, and "ok" again once space is freed', async () => {
    freeBytes = MAX_UPLOAD_BYTES - 1;
    expect(await health()).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'writable', documents: 'present', storage: { freeBytes: MAX_UPLOAD_BYTES - 1, status: 'low' }, release: release() },
    });
    freeBytes = MAX_UPLOAD_BYTES;
    expect(await health()).toMatchObject({ status: 200, body: { storage: { status: 'ok' } } });
  });

  it('counts a file system that cannot say how full it is as "ok": the real write decides', async () => {
    freeBytes = null;
    expect(await health()).toMatchObject({ status: 200, body: { storage: { freeBytes: null, status: 'ok' } } });
  });

  it('reads the real file system unless told otherwise', async () => {
    const real = await buildTestApp();
    try {
      const body = (await real.inject({ method: 'GET', url: '/api/health' })).json<{ storage: { freeBytes: number } }>();
      expect(body.storage.freeBytes).toBeGreaterThan(0);
    } finally {
      await real.close();
    }
  });
});

describe('an upload with storage low', () => {
  it('is refused 507 STORAGE_FULL, stores nothing and audits the failure', async () => {
    const before = await leftovers();
    freeBytes = MAX_UPLOAD_BYTES - 1;
    const response = await app.inject({ method: 'POST', url: url(), headers: bearer(medic.access_token), payload: form(64 * 1024) });
    expect(response.statusCode).toBe(507);
    expect(errorOf(response)).toMatchObject({ code: 'STORAGE_FULL' });
    expect(await leftovers()).toEqual(before);
    expect(await lastUploadEvent()).toEqual({ outcome: 'failure', detail: 'STORAGE_FULL' });
  });

  it('is answered promptly over a real connection while a large body is still being sent, and the next upload with room works', async () => {
    const before = await leftovers();
    freeBytes = MAX_UPLOAD_BYTES - 1;
    const started = Date.now();
    const refused = await fetch(`${address}${url()}`, { method: 'POST', headers: bearer(medic.access_token), body: form(MAX_UPLOAD_BYTES - 1024) });
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({ code: 'STORAGE_FULL' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await leftovers()).toEqual(before);

    freeBytes = 10 * MAX_UPLOAD_BYTES;
    const stored = await fetch(`${address}${url()}`, { method: 'POST', headers: bearer(medic.access_token), body: form(64 * 1024) });
    expect(stored.status).toBe(201);
  });

  it('still answers a caller who may not upload for that patient as before, telling nothing of the disk', async () => {
    freeBytes = MAX_UPLOAD_BYTES - 1;
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const response = await app.inject({ method: 'POST', url: url(), headers: bearer(stranger.access_token), payload: form(64 * 1024) });
    expect(response.statusCode).not.toBe(507);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
