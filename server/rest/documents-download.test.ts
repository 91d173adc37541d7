// Downloading a patient document: the original bytes, or a clean refusal when the stored blob is not
// the one its row names.
import { describe, expect, it } from 'vitest';
import { rawRun } from '../db/raw-sql';
import { legacyBlob } from '../files/legacy-blob.fixture';
import { loadDocumentKey } from '../files/document-key';
import { errorOf } from '../test/helpers';
import { sampleJpeg, samplePdf, samplePng } from '../test/sample-files';
import { app, blobNameOf, download, form, linkedPair, readBlob, storedBlobs, upload, useDocumentsApp, within, writeBlob } from './documents.fixture';

useDocumentsApp();

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
    const before = new Set(await storedBlobs());
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const [blob] = (await storedBlobs()).filter((name) => !before.has(name));
    const bytes = await readBlob(blob!);
    bytes[20] = bytes[20]! ^ 0xff;
    await writeBlob(blob!, bytes);
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

  it("refuses a blob swapped in storage for another document's blob, and serves neither under the wrong name", async () => {
    const { medic, idPatient } = await linkedPair();
    const first = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'first.pdf' } }))).json();
    const second = (await upload(medic, idPatient, form({ file: { bytes: sampleJpeg, name: 'second.jpg' } }))).json();
    const secondBlob = await readBlob(await blobNameOf(second.code));
    await writeBlob(await blobNameOf(first.code), secondBlob);
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
    await rawRun(app.deps.db, 'update files set size = size + 10 where code = ?', [file.code]);
    const response = await within(2000, download(medic, `/api/medics/files/${file.code}`));
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/damaged/) });
  });

  it('still opens a document stored before blobs were bound to their row', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePdf, name: 'old.pdf' } }))).json();
    const key = loadDocumentKey(undefined, app.deps.config.dataDir);
    await writeBlob(await blobNameOf(file.code), legacyBlob(key, samplePdf));
    const response = await download(medic, `/api/medics/files/${file.code}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(samplePdf.length));
    expect(response.rawPayload.equals(samplePdf)).toBe(true);
  });
});
