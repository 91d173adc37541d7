// Who may upload, download and delete a patient's documents, what the audit trail records of it,
// and what emergency access allows.
import { describe, expect, it } from 'vitest';
import { rawGet, rawRows } from '../db/raw-sql';
import { bearer, errorOf, register, uniqueEmail } from '../test/helpers';
import { samplePdf, samplePng } from '../test/sample-files';
import { app, download, form, linkedPair, upload, useDocumentsApp } from './documents.fixture';

useDocumentsApp();

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
    const lastId = async () => (await rawGet<{ id: number }>(app.deps.db, 'select coalesce(max(id), 0) as id from audit_events'))!.id;
    const eventsOf = async (send: () => Promise<{ statusCode: number }>, status: number) => {
      const since = await lastId();
      expect((await send()).statusCode).toBe(status);
      return rawRows(app.deps.db, 'select action, outcome, patient_id as "patientId", detail from audit_events where id > ? order by id', [since]);
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
    const actions = await rawRows<{ action: string }>(app.deps.db, "select action from audit_events where patient_id = ? and action like 'files.%' order by id", [idPatient]);
    expect(actions.map((a) => a.action)).toEqual(['files.upload', 'files.download', 'files.delete']);
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
