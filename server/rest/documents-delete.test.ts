// Deleting a patient document: the row, the blob and the audit event go together or not at all.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawRows } from '../db/raw-sql';
import { removeDocument } from '../services/documents';
import { createContext } from '../trpc/context';
import { bearer, register, uniqueEmail } from '../test/helpers';
import { messagesOf, refuseAuditOf } from '../test/refused-insert';
import { samplePng } from '../test/sample-files';
import { app, download, storedBlobs, form, linkedPair, snapshot, upload, useDocumentsApp } from './documents.fixture';

useDocumentsApp();

describe('DELETE /api/medics/patients/:idPatient/files/:fileId', () => {
  it('removes the row and the blob', async () => {
    const { medic, idPatient } = await linkedPair();
    const before = (await storedBlobs()).length;
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    expect(await storedBlobs()).toHaveLength(before + 1);
    const response = await app.inject({ method: 'DELETE', url: `/api/medics/patients/${idPatient}/files/${file.idFile}`, headers: bearer(medic.access_token) });
    expect(response.statusCode).toBe(204);
    expect(await storedBlobs()).toHaveLength(before);
    expect((await download(medic, `/api/medics/files/${file.code}`)).statusCode).toBe(404);
  });
});

describe('removeDocument, the delete with its audit event in one transaction', () => {
  const callerAs = async (session: Session) => {
    const { actor } = await createContext(app.deps, { authorization: `Bearer ${session.access_token}`, ip: '127.0.0.1', userAgent: 'vitest' });
    return { db: app.deps.db, actor: actor!, ip: '127.0.0.1', now: new Date(), blobs: app.deps.blobs };
  };
  const deleteEvents = (idPatient: number) =>
    rawRows(app.deps.db, "select outcome, detail from audit_events where patient_id = ? and action = 'files.delete' order by id", [idPatient]);

  it('removes the row and the blob and audits the delete once', async () => {
    const { medic, idPatient } = await linkedPair();
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const before = await snapshot();
    await removeDocument(await callerAs(medic), { patientId: idPatient, fileId: file.idFile });
    expect(await snapshot()).toEqual({ rows: before.rows - 1, blobs: before.blobs - 1 });
    expect(await deleteEvents(idPatient)).toEqual([{ outcome: 'success', detail: `file ${file.idFile}` }]);
  });

  it('keeps the row and the blob when the audit insert fails, and refuses others and unknown files', async () => {
    const { medic, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const file = (await upload(medic, idPatient, form({ file: { bytes: samplePng, name: 'x.png' } }))).json();
    const before = await snapshot();
    const allowAudit = await refuseAuditOf(app.deps.db, 'files.delete', 'audit unavailable');
    try {
      const failure = await removeDocument(await callerAs(medic), { patientId: idPatient, fileId: file.idFile }).then(() => undefined, (error: unknown) => error);
      expect(messagesOf(failure)).toContainEqual(expect.stringMatching(/audit unavailable/));
    } finally {
      await allowAudit();
    }
    expect(await snapshot()).toEqual(before);
    await expect(removeDocument(await callerAs(stranger), { patientId: idPatient, fileId: file.idFile })).rejects.toMatchObject({ code: 'PATIENT_NOT_FOUND' });
    await expect(removeDocument(await callerAs(medic), { patientId: idPatient, fileId: file.idFile + 1000 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
    expect((await download(medic, `/api/medics/files/${file.code}`)).statusCode).toBe(200);
  });
});
