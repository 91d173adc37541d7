// Who may use the medic workspace routes (patient, anonymous), and what the audit trail records of
// their use.
import { describe, expect, it } from 'vitest';
import { rawRows } from '../db/raw-sql';
import { errorOf, uniqueEmail } from '../test/helpers';
import { app, as, del, get, link, newMedic, newPatient, patientIdOf, post, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

describe('the authorization table', () => {
  const medicOnly = [
    ['GET', '/api/medics/my-patients'],
    ['GET', '/api/medics/search-patients?q=a'],
    ['POST', '/api/medics/link-patient'],
    ['DELETE', '/api/medics/unlink-patient/1'],
    ['POST', '/api/patients'],
    ['GET', '/api/patients'],
  ] as const;

  it('answers 403 FORBIDDEN to a patient on medic routes', async () => {
    const patient = await newPatient();
    for (const [method, url] of medicOnly) {
      const response = await app.inject({ method, url, headers: as(patient), payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 UNAUTHENTICATED to an anonymous caller', async () => {
    for (const [method, url] of [...medicOnly, ['GET', '/api/patients/1'], ['GET', '/api/medics/search?q=a']] as const) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the audit trail of the workspace', () => {
  it('records the list, a search, a creation, a link, an unlink and a read', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    await get('/api/medics/my-patients', medic);
    await get('/api/medics/search-patients?q=zz', medic);
    await post('/api/patients', { name: 'A', lname: 'B', email: uniqueEmail('audited'), password: 'secreto1' }, medic);
    await link(medic, patient);
    const idPatient = await patientIdOf(patient);
    await get(`/api/patients/${idPatient}`, medic);
    await del(`/api/medics/unlink-patient/${idPatient}`, medic);
    await get(`/api/patients/${idPatient}`, medic);
    const actions = await rawRows<{ action: string; outcome: string }>(app.deps.db, 'select action, outcome from audit_events where actor_user_id = ? order by id', [medic.user.idUser]);
    expect(actions.map((a) => `${a.action}:${a.outcome}`)).toEqual([
      'auth.register:success',
      // The test factory approves the medic and signs in.
      'auth.login:success',
      'patients.list:success',
      'patients.search:success',
      'patients.create:success',
      'patients.linkRequest:success',
      'patient.read:success',
      'patients.unlink:success',
      'patients.byId:denied',
    ]);
  });
});
