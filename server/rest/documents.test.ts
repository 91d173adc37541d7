// Patient documents (API.md "Uploaded documents"): typed by content, stored encrypted, never
// half-written, served only to who may see them.
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { openDatabase } from '../db/client';
import { legacyBlob } from '../files/legacy-blob.fixture';
import { loadDocumentKey } from '../files/document-key';
import { removeDocument } from '../services/documents';
import { createContext } from '../trpc/context';
import { bearer, buildTestApp, errorOf, register, rowCount, testConfig, uniqueEmail } from '../test/helpers';
import { sampleExecutable, sampleJpeg, sampleMp3, sampleMp4, samplePdf, samplePng } from '../test/sample-files';

const LIMIT = 64 * 1024;
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: { ...testConfig(), maxUploadBytes: LIMIT } });
});
afterAll(() => app.close());

const documentsDir = () => join(app.deps.config.dataDir, 'documents');
const blobsOnDisk = () => {
  try {
    return readdirSync(documentsDir());
  } catch {
    return [];
  }
};

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = app.deps.db.$client.prepare('select id as idPatient from patients where user_id = ?').get(patient.user.idUser) as { idPatient: number };
  return { medic, patient, idPatient };
}

function form(parts: { file?: { bytes: Buffer; name: string; type?: string }; comment?: string }) {
  const data = new FormData();
  if (parts.comment !== undefined) data.append('comment', parts.comment);
  if (parts.file) data.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.type ?? 'application/octet-stream' }), parts.file.name);
  return data;
}

const upload = (session: Session | undefined, idPatient: number, payload: FormData) =>
  app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: session ? bearer(session.access_token) : {}, payload });

const download = (session: Session | undefined, url: string) => app.inject({ method: 'GET', url, headers: session ? bearer(session.access_token) : {} });

/** A hand-written multipart request, for bodies FormData cannot produce. */
const rawUpload = (session: Session, idPatient: number, contentType: string, body: string | Buffer) =>
  app.inject({
    method: 'POST',
    url: `/api/medics/patients/${idPatient}/files`,
    headers: { ...bearer(session.access_token), 'content-type': contentType },
    payload: body,
  });

/** Fails the test at once instead of waiting for its timeout when a request never answers. */
const within = <T>(ms: number, pending: Promise<T>): Promise<T> =>
  Promise.race([pending, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

const snapshot = () => ({ rows: rowCount(app, 'files'), blobs: blobsOnDisk().length });

const blobNameOf = (code: string) =>
  (app.deps.db.$client.prepare('select blob_name as blobName from files where code = ?').get(code) as { blobName: string }).blobName;

describe('POST /api/medics/patients/:idPatient/files', () => {
  it.each([
    ['PNG', samplePng, 'image', 'image/png'],
    ['JPEG', sampleJpeg, 'image', 'image/jpeg'],
    ['PDF', samplePdf, 'pdf', 'application/pdf'],
    ['MP3', sampleMp3, 'audio', 'audio/mpeg'],
    ['MP4', sampleMp4, 'video', 'video/mp4'],
  ])('accepts a %s by its content, whatever it is called', async (_label, bytes, mainType, mimeType) => {
    const { medic, idPatient } = await linkedPair();
    const response = await upload(medic, idPatient, form({ file: { bytes, name: 'scan.bin' }, comment: 'Control anual' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      idFile: expect.any(Number),
      name: 'scan.bin',
      date: expect.any(String),
      mainType,
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      comment: 'Control anual',
      size: bytes.length,
      mimeType,
    });
  });

  it('lists the document in the record exactly as the upload answered it, newest first', async () => {
    const { medic, idPatient } = await linkedPair();
    const first = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'uno.png' } }))).json();
    const second = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'dos.pdf' }, comment: 'Informe' }))).json();
    const record = (await download(medic, `/api/medics/patients/${idPatient}`)).json();
    expect(record.files).toEqual([second, first]);
  });

  it('refuses an executable named .png with 415 and keeps nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = { rows: rowCount(app, 'files'), blobs: blobsOnDisk().length };
    const response = await upload(medic, idPatient, form({ file: { bytes: sampleExecutable, name: 'photo.png', type: 'image/png' } }));
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_FILE_TYPE');
    expect({ rows: rowCount(app, 'files'), blobs: blobsOnDisk().length }).toEqual(before);
  });

  it('refuses a file one byte over MAX_UPLOAD_MB with 413, leaving nothing on disk or in the database', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = { rows: rowCount(app, 'files'), blobs: blobsOnDisk().length };
    const tooBig = Buffer.concat([samplePdf, Buffer.alloc(LIMIT + 1 - samplePdf.length, 0x20)]);
    const response = await upload(medic, idPatient, form({ file: { bytes: tooBig, name: 'big.pdf' } }));
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('FILE_TOO_LARGE');
    expect({ rows: rowCount(app, 'files'), blobs: blobsOnDisk().length }).toEqual(before);
    const exactly = Buffer.concat([samplePdf, Buffer.alloc(LIMIT - samplePdf.length, 0x20)]);
    expect((await upload(medic, idPatient, form({ file: { bytes: exactly, name: 'fits.pdf' } }))).statusCode).toBe(201);
  });

  it('answers 400 naming the file when the file part is missing', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await upload(medic, idPatient, form({ comment: 'sin archivo' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual([{ path: 'file', message: 'validation.fileRequired' }]);
    const json = await app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(medic.access_token), payload: { x: 1 } });
    expect(json.statusCode).toBe(400);
    const badId = await upload(medic, 'abc' as unknown as number, form({ file: { bytes: samplePng, name: 'x.png' } }));
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).issues?.[0]?.path).toBe('idPatient');
  });

  it('answers an empty file with 400 "The file is empty" within a second, keeping nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = snapshot();
    // Over a real connection: app.inject hands the whole body over at once, which hid the hang.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const comment of [undefined, 'nada']) {
      const started = Date.now();
      const response = await within(
        1000,
        fetch(`${address}/api/medics/patients/${idPatient}/files`, { method: 'POST', headers: bearer(medic.access_token), body: form({ file: { bytes: Buffer.alloc(0), name: 'empty.pdf' }, comment }) }),
      );
      expect(Date.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The file is empty', issues: [{ path: 'file', message: 'validation.fileEmpty' }] });
    }
    expect(snapshot()).toEqual(before);
  });

  it('answers 400, not 500, to multipart without a boundary and to a malformed multipart body', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = snapshot();
    const noBoundary = await rawUpload(medic, idPatient, 'multipart/form-data', 'whatever');
    expect(noBoundary.statusCode).toBe(400);
    expect(errorOf(noBoundary)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/boundary/i) });

    const cut = `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${samplePng.toString('latin1')}`;
    const truncated = await rawUpload(medic, idPatient, 'multipart/form-data; boundary=xyz', Buffer.from(cut, 'latin1'));
    expect(truncated.statusCode).toBe(400);
    expect(errorOf(truncated)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/malformed|incomplete/i) });

    const garbage = await rawUpload(medic, idPatient, 'multipart/form-data; boundary=xyz', 'this is not multipart at all');
    expect(garbage.statusCode).toBe(400);
    expect(errorOf(garbage).code).toBe('VALIDATION_FAILED');
    expect(snapshot()).toEqual(before);
  });

  it('answers 400 saying so to two file parts and to too many fields, keeping nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = snapshot();
    const twoFiles = form({ file: { bytes: samplePng, name: 'a.png' } });
    twoFiles.append('file', new Blob([new Uint8Array(samplePdf)]), 'b.pdf');
    const files = await upload(medic, idPatient, twoFiles);
    expect(files.statusCode).toBe(400);
    expect(errorOf(files)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/one file/i), issues: [{ path: 'file', message: 'validation.fileTooMany' }] });

    const manyFields = new FormData();
    for (let i = 0; i < 6; i++) manyFields.append(`field${i}`, 'x');
    const fields = await upload(medic, idPatient, manyFields);
    expect(fields.statusCode).toBe(400);
    expect(errorOf(fields)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/^Too many form fields/) });

    const manyParts = form({ file: { bytes: samplePng, name: 'a.png' } });
    for (let i = 0; i < 6; i++) manyParts.append(`field${i}`, 'x');
    const parts = await upload(medic, idPatient, manyParts);
    expect(parts.statusCode).toBe(400);
    expect(errorOf(parts)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/^Too many parts/) });
    expect(snapshot()).toEqual(before);
  });

  it('refuses a comment with control characters, and drops them and direction overrides from the file name', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = snapshot();
    const refused = await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' }, comment: 'Control\u0000 anual' }));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).issues).toEqual([{ path: 'comment', message: 'validation.controlCharacters' }]);
    expect(snapshot()).toEqual(before);
    const stored = await upload(medic, idPatient, form({ file: { bytes: samplePng, name: '\u202egnp.exe\u0007\u0085.png' }, comment: 'línea 1\nlínea 2' }));
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ name: 'gnp.exe.png', comment: 'línea 1\nlínea 2' });
  });

  it('writes the row and its audit event in one transaction: a failed audit insert keeps nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = snapshot();
    const sqlite = app.deps.db.$client;
    sqlite.exec(`create temp trigger refuse_upload_audit before insert on audit_events
      when new.action = 'files.upload' and new.outcome = 'success' begin select raise(abort, 'audit unavailable'); end`);
    try {
      const response = await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }));
      expect(response.statusCode).toBe(500);
    } finally {
      sqlite.exec('drop trigger refuse_upload_audit');
    }
    expect(snapshot()).toEqual(before);
  });

  it('stores ciphertext, never the document itself, under DATA_DIR', async () => {
    const { medic, idPatient } = await linkedPair();
    const secret = Buffer.concat([samplePdf, Buffer.from('Diagnóstico confidencial: hipertensión')]);
    await upload(medic, idPatient, form({ file: { bytes: secret, name: 'informe.pdf' } }));
    for (const name of blobsOnDisk()) {
      const bytes = readFileSync(join(documentsDir(), name));
      expect(bytes.includes(Buffer.from('confidencial'))).toBe(false);
      expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });
});

describe('downloading a document', () => {
  it('streams the original bytes inline with its type and name, not cached', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const name = 'análisis de sangre ñ.pdf';
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name } }))).json();
    for (const [session, url] of [[medic, `/api/medics/files/${file.code}`], [patient, `/api/patients/me/files/${file.code}`]] as const) {
      const response = await download(session, url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(samplePdf)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; /);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(name);
    }
  });

  it('fails cleanly, without serving bytes, when the stored blob was altered', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = new Set(blobsOnDisk());
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const [blob] = blobsOnDisk().filter((name) => !before.has(name));
    const path = join(documentsDir(), blob!);
    const bytes = readFileSync(path);
    bytes[20] = bytes[20]! ^ 0xff;
    writeFileSync(path, bytes);
    const response = await download(medic, `/api/medics/files/${file.code}`);
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(errorOf(response)).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/damaged/) });
  });
  it('sends the verified length of the bytes it sends', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: sampleJpeg, name: 'x.jpg' } }))).json();
    const response = await download(medic, `/api/medics/files/${file.code}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(sampleJpeg.length));
    expect(response.rawPayload.equals(sampleJpeg)).toBe(true);
  });

  it("refuses a blob swapped on disk for another document's blob, and serves neither under the wrong name", async () => {
    const { medic, idPatient } = await linkedPair();
    const first = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'first.pdf' } }))).json();
    const second = (await upload(medic, idPatient, form({ file: { bytes: sampleJpeg, name: 'second.jpg' } }))).json();
    const secondBlob = readFileSync(join(documentsDir(), blobNameOf(second.code)));
    writeFileSync(join(documentsDir(), blobNameOf(first.code)), secondBlob);
    const response = await within(2000, download(medic, `/api/medics/files/${first.code}`));
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(errorOf(response)).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/damaged/) });
    expect(response.rawPayload.includes(sampleJpeg.subarray(0, 12))).toBe(false);
    expect((await download(medic, `/api/medics/files/${second.code}`)).rawPayload.equals(sampleJpeg)).toBe(true);
  });

  it('refuses rather than serve when the stored size disagrees with the verified bytes', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'x.pdf' } }))).json();
    app.deps.db.$client.prepare('update files set size = size + 10 where code = ?').run(file.code);
    const response = await within(2000, download(medic, `/api/medics/files/${file.code}`));
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/damaged/) });
  });

  it('still opens a document stored before blobs were bound to their row', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'old.pdf' } }))).json();
    const key = loadDocumentKey(undefined, app.deps.config.dataDir);
    writeFileSync(join(documentsDir(), blobNameOf(file.code)), legacyBlob(key, samplePdf));
    const response = await download(medic, `/api/medics/files/${file.code}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(samplePdf.length));
    expect(response.rawPayload.equals(samplePdf)).toBe(true);
  });
});

describe('DELETE /api/medics/patients/:idPatient/files/:fileId', () => {
  it('removes the row and the blob', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = blobsOnDisk().length;
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    expect(blobsOnDisk()).toHaveLength(before + 1);
    const response = await app.inject({ method: 'DELETE', url: `/api/medics/patients/${idPatient}/files/${file.idFile}`, headers: bearer(medic.access_token) });
    expect(response.statusCode).toBe(204);
    expect(blobsOnDisk()).toHaveLength(before);
    expect((await download(medic, `/api/medics/files/${file.code}`)).statusCode).toBe(404);
  });
});

describe('removeDocument, the delete with its audit event in one transaction', () => {
  const callerAs = (session: Session) => {
    const { actor } = createContext(app.deps, { authorization: `Bearer ${session.access_token}`, ip: '127.0.0.1', userAgent: 'vitest' });
    return { db: app.deps.db, actor: actor!, ip: '127.0.0.1', now: new Date(), blobs: app.deps.blobs };
  };
  const deleteEvents = (idPatient: number) =>
    app.deps.db.$client.prepare("select outcome, detail from audit_events where patient_id = ? and action = 'files.delete' order by id").all(idPatient);

  it('removes the row and the blob and audits the delete once', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const before = snapshot();
    await removeDocument(callerAs(medic), { patientId: idPatient, fileId: file.idFile });
    expect(snapshot()).toEqual({ rows: before.rows - 1, blobs: before.blobs - 1 });
    expect(deleteEvents(idPatient)).toEqual([{ outcome: 'success', detail: `file ${file.idFile}` }]);
  });

  it('keeps the row and the blob when the audit insert fails, and refuses others and unknown files', async () => {
    const { medic, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const before = snapshot();
    const sqlite = app.deps.db.$client;
    sqlite.exec(`create temp trigger refuse_delete_audit before insert on audit_events
      when new.action = 'files.delete' and new.outcome = 'success' begin select raise(abort, 'audit unavailable'); end`);
    try {
      await expect(removeDocument(callerAs(medic), { patientId: idPatient, fileId: file.idFile })).rejects.toThrow(/audit unavailable/);
    } finally {
      sqlite.exec('drop trigger refuse_delete_audit');
    }
    expect(snapshot()).toEqual(before);
    await expect(removeDocument(callerAs(stranger), { patientId: idPatient, fileId: file.idFile })).rejects.toMatchObject({ code: 'PATIENT_NOT_FOUND' });
    await expect(removeDocument(callerAs(medic), { patientId: idPatient, fileId: file.idFile + 1000 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(snapshot()).toEqual(before);
    expect((await download(medic, `/api/medics/files/${file.code}`)).statusCode).toBe(200);
  });
});

describe('the authorization table for documents', () => {
  it('answers 404 to an unlinked medic and to another patient, 403 to the wrong kind of user, 401 to anonymous', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const otherPatient = await register(app, { type: 'patient', email: uniqueEmail('other') });
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const pngForm = () => form({ file: { bytes: samplePng, name: 'y.png' } });
    const deleteUrl = `/api/medics/patients/${idPatient}/files/${file.idFile}`;

    expect((await upload(stranger, idPatient, pngForm())).statusCode).toBe(404);
    expect((await upload(patient, idPatient, pngForm())).statusCode).toBe(403);
    expect((await upload(undefined, idPatient, pngForm())).statusCode).toBe(401);

    expect((await download(stranger, `/api/medics/files/${file.code}`)).statusCode).toBe(404);
    expect((await download(patient, `/api/medics/files/${file.code}`)).statusCode).toBe(403);
    expect((await download(otherPatient, `/api/patients/me/files/${file.code}`)).statusCode).toBe(404);
    expect((await download(medic, `/api/patients/me/files/${file.code}`)).statusCode).toBe(403);
    expect((await download(undefined, `/api/patients/me/files/${file.code}`)).statusCode).toBe(401);

    for (const session of [stranger, patient]) {
      const response = await app.inject({ method: 'DELETE', url: deleteUrl, headers: bearer(session.access_token) });
      expect(response.statusCode).toBe(session === stranger ? 404 : 403);
    }
    expect((await download(medic, `/api/medics/files/${file.code}`)).statusCode).toBe(200);
  });

  it('leaves exactly one audit event for each refused document call', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const lastId = () => (app.deps.db.$client.prepare('select coalesce(max(id), 0) as id from audit_events').get() as { id: number }).id;
    const eventsOf = async (send: () => Promise<{ statusCode: number }>, status: number) => {
      const since = lastId();
      expect((await send()).statusCode).toBe(status);
      return app.deps.db.$client.prepare('select action, outcome, patient_id as patientId, detail from audit_events where id > ? order by id').all(since);
    };
    const pngForm = () => form({ file: { bytes: samplePng, name: 'y.png' } });
    expect(await eventsOf(() => upload(undefined, idPatient, pngForm()), 401)).toEqual([{ action: 'files.upload', outcome: 'denied', patientId: idPatient, detail: 'UNAUTHENTICATED' }]);
    expect(await eventsOf(() => upload(patient, idPatient, pngForm()), 403)).toEqual([{ action: 'files.upload', outcome: 'denied', patientId: idPatient, detail: 'FORBIDDEN' }]);
    expect(await eventsOf(() => upload(stranger, idPatient, pngForm()), 404)).toEqual([expect.objectContaining({ action: 'files.upload', outcome: 'denied', patientId: idPatient })]);
    expect(await eventsOf(() => download(patient, `/api/medics/files/${file.code}`), 403)).toEqual([{ action: 'files.download', outcome: 'denied', patientId: null, detail: 'FORBIDDEN' }]);
    expect(await eventsOf(() => download(stranger, `/api/medics/files/${file.code}`), 404)).toEqual([{ action: 'files.download', outcome: 'denied', patientId: idPatient, detail: 'NOT_FOUND' }]);
    expect(await eventsOf(() => download(undefined, '/api/patients/me/files/nope'), 401)).toEqual([{ action: 'files.download', outcome: 'denied', patientId: null, detail: 'UNAUTHENTICATED' }]);
  });

  it('records every upload, download and delete in the audit trail', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    await download(medic, `/api/medics/files/${file.code}`);
    await app.inject({ method: 'DELETE', url: `/api/medics/patients/${idPatient}/files/${file.idFile}`, headers: bearer(medic.access_token) });
    const actions = app.deps.db.$client.prepare("select action from audit_events where patient_id = ? and action like 'files.%' order by id").all(idPatient) as { action: string }[];
    expect(actions.map((a) => a.action)).toEqual(['files.upload', 'files.download', 'files.delete']);
  });
});

describe('a crash between writing a blob and inserting its row', () => {
  it('leaves no orphan once the server starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'expediente-crash-'));
    try {
      const config = { ...testConfig(), dataDir };
      const dbPath = join(dataDir, 'expediente.db');
      const first = await buildTestApp({ config, db: openDatabase(dbPath) });
      // The blob is on disk under its final name, and the process dies before the row is written.
      await first.deps.blobs.write(Readable.from([samplePng]), 'code-of-a-row-never-written');
      writeFileSync(join(dataDir, 'documents', '.tmp-0123456789abcdef0123456789abcdef'), 'half-written');
      await first.close();
      expect(readdirSync(join(dataDir, 'documents'))).toHaveLength(2);

      const second = await buildTestApp({ config, db: openDatabase(dbPath) });
      expect(readdirSync(join(dataDir, 'documents'))).toEqual([]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('documents under emergency access', () => {
  it('lets the medic open the documents, flagged for the patient, but not upload or delete them', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const stored = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'informe.pdf' } }))).json();
    const responder = await register(app, { type: 'medic', email: uniqueEmail('er') });
    const reason = 'Patient arrived unconscious; need the latest reports';
    const started = await app.inject({
      method: 'POST',
      url: '/api/medics/emergency-access',
      headers: bearer(responder.access_token),
      payload: { patientEmail: patient.user.email, reason },
    });
    expect(started.statusCode).toBe(200);

    const opened = await download(responder, `/api/medics/files/${stored.code}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(samplePdf)).toBe(true);
    const refused = await upload(responder, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }));
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'FORBIDDEN']);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/medics/patients/${idPatient}/files/${stored.idFile}`, headers: bearer(responder.access_token) });
    expect(deleted.statusCode).toBe(403);

    const log = (await app.inject({ method: 'GET', url: '/api/patients/me/access-log', headers: bearer(patient.access_token) })).json();
    expect(log.events.find((event: { action: string }) => event.action === 'files.download')).toMatchObject({ emergency: true, detail: reason });
  });
});
