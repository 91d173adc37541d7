// API.md "Data safety under faults": an upload whose blob cannot be written for lack of space answers
// 507 STORAGE_FULL at once — over a real connection too, with the client still sending the rest of a
// large body, which is read away rather than left to hang the connection — and leaves nothing behind:
// no blob, no temporary file, no row. With room again, the next upload works on the same server.
import type { FastifyInstance } from 'fastify';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { fillDatabase } from '../db/full-database.fixture';
import { rawGet } from '../db/raw-sql';
import { BlobStore } from '../files/blob-store';
import { loadDocumentKey } from '../files/document-key';
import { diskFullAfter } from '../files/full-disk.fixture';
import { testEngine } from '../test/engine-under-test';
import { bearer, buildTestApp, errorOf, register, rowCount, testConfig, uniqueEmail } from '../test/helpers';
import { samplePdf } from '../test/sample-files';

let app: FastifyInstance;
let address: string;
let medic: Session;
let idPatient: number;

beforeAll(async () => {
  app = await buildTestApp({ config: { ...testConfig(), maxUploadBytes: 32 * 1024 * 1024 } });
  await register(app, { type: 'medic', email: uniqueEmail('admin') });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

let restore: (() => unknown) | undefined;
afterEach(async () => {
  await restore?.();
  restore = undefined;
});

/** From now on the documents disk takes `bytes` more bytes of a blob, then fails with ENOSPC. */
function diskFills(bytes: number): void {
  const real = app.deps.blobs;
  const { config } = app.deps;
  app.deps.blobs = new BlobStore(real.dir!, () => loadDocumentKey(config.masterKey, config.dataDir), diskFullAfter(bytes));
  restore = () => {
    app.deps.blobs = real;
  };
}

const MB = 1024 * 1024;
const pdfOf = (bytes: number) => Buffer.concat([samplePdf, Buffer.alloc(bytes - samplePdf.length, 0x20)]);
const url = () => `/api/medics/patients/${idPatient}/files`;
function form(bytes: Buffer) {
  const data = new FormData();
  data.append('comment', 'Radiografía de tórax');
  data.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'rx.pdf');
  return data;
}

/** Everything an upload could leave: rows, blobs and temporary files (documents/ is listed whole). */
const leftovers = async () => ({ rows: await rowCount(app, 'files'), files: readdirSync(app.deps.blobs.dir!).sort() });
const lastUploadEvent = () => rawGet(app.deps.db, "select outcome, detail from audit_events where action = 'files.upload' order by id desc limit 1");

const STORAGE_FULL_BODY = {
  statusCode: 507,
  error: 'Insufficient Storage',
  code: 'STORAGE_FULL',
  message: "The server's storage is full: nothing was saved. Please tell the administrator so that space can be freed.",
};

/**
 * A multipart upload sent with node:http the way curl sends one: chunk by chunk, the answer read as
 * soon as it comes. Resolves once the answer has arrived and the whole body has left the client,
 * which never happens when the server stops reading the body after answering: the socket then
 * holds the rest until the keep-alive timeout (72 s) resets the connection — the hang an earlier release had.
 */
function streamUpload(file: Buffer): Promise<{ status: number; body: unknown; ms: number }> {
  const boundary = '----expediente-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${address}${url()}`, {
      method: 'POST',
      headers: { ...bearer(medic.access_token), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + file.length + tail.length },
    });
    let answer: { status: number; body: string } | undefined;
    let sent = false;
    const settle = () => {
      if (answer && sent) resolve({ status: answer.status, body: JSON.parse(answer.body), ms: Date.now() - started });
    };
    request.on('error', reject);
    setTimeout(() => reject(new Error(`no answer and body sent within 5 s (answer: ${answer ? answer.status : 'none'}, body sent: ${sent})`)), 5000).unref();
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
        settle();
      });
    });
    void (async () => {
      const parts = [head, ...Array.from({ length: Math.ceil(file.length / (64 * 1024)) }, (_, i) => file.subarray(i * 64 * 1024, (i + 1) * 64 * 1024)), tail];
      // Not paced by 'drain': node:http stops emitting it on a request once its answer has ended.
      for (const part of parts) {
        request.write(part);
        await new Promise((next) => setImmediate(next));
      }
      request.end(() => {
        sent = true;
        settle();
      });
    })();
  });
}

// SQLite only, as the rest of this file: the blob is a file under DATA_DIR/documents whose write
// stream fails with ENOSPC; on PostgreSQL the blob is a row (document_blobs), and the cluster's disk
// is the cluster's to watch.
describe.skipIf(testEngine === 'postgres')('an upload when the disk fills mid-write', () => {
  it('answers 507 STORAGE_FULL with the documented body, keeps nothing, and audits the failure', async () => {
    const before = await leftovers();
    diskFills(64 * 1024);
    const response = await app.inject({ method: 'POST', url: url(), headers: bearer(medic.access_token), payload: form(pdfOf(1 * MB)) });
    expect(response.statusCode).toBe(507);
    expect(errorOf(response)).toEqual(STORAGE_FULL_BODY);
    expect(await leftovers()).toEqual(before);
    expect(await lastUploadEvent()).toEqual({ outcome: 'failure', detail: 'ENOSPC' });
  });

  it('answers promptly over a real connection while fetch is still sending a large body, and the next upload works', async () => {
    const before = await leftovers();
    diskFills(256 * 1024);
    const started = Date.now();
    const response = await fetch(`${address}${url()}`, { method: 'POST', headers: bearer(medic.access_token), body: form(pdfOf(8 * MB)) });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual(STORAGE_FULL_BODY);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await leftovers()).toEqual(before);

    restore?.();
    const stored = await fetch(`${address}${url()}`, { method: 'POST', headers: bearer(medic.access_token), body: form(pdfOf(1 * MB)) });
    expect(stored.status).toBe(201);
  });

  it('reads away the rest of a body sent chunk by chunk, so the client gets the answer and finishes sending', async () => {
    const before = await leftovers();
    diskFills(128 * 1024);
    const { status, body, ms } = await streamUpload(pdfOf(8 * MB));
    expect(status).toBe(507);
    expect(body).toEqual(STORAGE_FULL_BODY);
    expect(ms).toBeLessThan(5000);
    expect(await leftovers()).toEqual(before);
  });
});

// SQLite only: the arrangement caps the SQLite file (fillDatabase).
describe.skipIf(testEngine === 'postgres')('an upload when the database is full', () => {
  it('answers 507 and removes the blob it had written: no file without its row', async () => {
    const before = await leftovers();
    restore = await fillDatabase(app.deps.db);
    const response = await app.inject({ method: 'POST', url: url(), headers: bearer(medic.access_token), payload: form(pdfOf(64 * 1024)) });
    expect(response.statusCode).toBe(507);
    expect(errorOf(response)).toEqual(STORAGE_FULL_BODY);
    expect(await leftovers()).toEqual(before);
  });
});
