// Uploading a patient document (API.md "Uploaded documents"): typed by content, stored encrypted,
// never half-written.
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, rowCount } from '../test/helpers';
import { refuseAuditOf } from '../test/refused-insert';
import { sampleExecutable, sampleJpeg, sampleMp3, sampleMp4, samplePdf, samplePng } from '../test/sample-files';
import { app, download, form, LIMIT, linkedPair, rawUpload, readBlob, snapshot, storedBlobs, upload, useDocumentsApp, within } from './documents.fixture';

useDocumentsApp();

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
    const before = { rows: await rowCount(app, 'files'), blobs: (await storedBlobs()).length };
    const response = await upload(medic, idPatient, form({ file: { bytes: sampleExecutable, name: 'photo.png', type: 'image/png' } }));
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_FILE_TYPE');
    expect({ rows: await rowCount(app, 'files'), blobs: (await storedBlobs()).length }).toEqual(before);
  });

  it('refuses a file one byte over MAX_UPLOAD_MB with 413, leaving nothing on disk or in the database', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = { rows: await rowCount(app, 'files'), blobs: (await storedBlobs()).length };
    const tooBig = Buffer.concat([samplePdf, Buffer.alloc(LIMIT + 1 - samplePdf.length, 0x20)]);
    const response = await upload(medic, idPatient, form({ file: { bytes: tooBig, name: 'big.pdf' } }));
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('FILE_TOO_LARGE');
    expect({ rows: await rowCount(app, 'files'), blobs: (await storedBlobs()).length }).toEqual(before);
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
    const before = await snapshot();
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
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400, not 500, to multipart without a boundary and to a malformed multipart body', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await snapshot();
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
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 saying so to two file parts and to too many fields, keeping nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await snapshot();
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
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a comment with control characters, and drops them and direction overrides from the file name', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await snapshot();
    const refused = await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' }, comment: 'Control\u0000 anual' }));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).issues).toEqual([{ path: 'comment', message: 'validation.controlCharacters' }]);
    expect(await snapshot()).toEqual(before);
    const stored = await upload(medic, idPatient, form({ file: { bytes: samplePng, name: '\u202egnp.exe\u0007\u0085.png' }, comment: 'línea 1\nlínea 2' }));
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ name: 'gnp.exe.png', comment: 'línea 1\nlínea 2' });
  });

  it('writes the row and its audit event in one transaction: a failed audit insert keeps nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = await snapshot();
    const allowAudit = await refuseAuditOf(app.deps.db, 'files.upload', 'audit unavailable');
    try {
      const response = await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }));
      expect(response.statusCode).toBe(500);
    } finally {
      await allowAudit();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores ciphertext, never the document itself, where the blobs are kept', async () => {
    const { medic, idPatient } = await linkedPair();
    const secret = Buffer.concat([samplePdf, Buffer.from('Diagnóstico confidencial: hipertensión')]);
    await upload(medic, idPatient, form({ file: { bytes: secret, name: 'informe.pdf' } }));
    const names = await storedBlobs();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const bytes = await readBlob(name);
      expect(bytes.includes(Buffer.from('confidencial'))).toBe(false);
      expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });
});
