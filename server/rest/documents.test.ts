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
      await first.deps.blobs.write(Readable.from([samplePng]));
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
