// Security review finding 1: a medic who creates a patient with a password must not be
// able to sign in as that patient and give consent in the patient's name. The password a medic sets
// is temporary; until the patient picks their own, the account does nothing but change it.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRows } from '../db/raw-sql';
import { errorOf, uniqueEmail } from '../test/helpers';
import { app, askLink, del, get, newMedic, post, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

const TEMPORARY = 'temporal-de-la-consulta-7';

/** Medic A creates a patient account with a password, as the "New patient" dialog does. */
async function createdByMedic(medic: Session) {
  const email = uniqueEmail('created');
  const created = await post('/api/patients', { name: 'Irene', lname: 'Salas', email, password: TEMPORARY }, medic);
  expect(created.statusCode).toBe(201);
  return { email, idPatient: created.json().idPatient as number };
}

async function signIn(email: string, password: string): Promise<Session> {
  const response = await post('/api/auth/login', { email, password });
  expect(response.statusCode).toBe(200);
  return response.json<Session>();
}

const auditRows = (action: string, userId: number) =>
  rawRows<{ outcome: string; detail: string | null }>(app.deps.db, 'select outcome, detail from audit_events where action = ? and actor_user_id = ? order by id', [action, userId]);

describe('a patient account that a medic creates', () => {
  it('starts with a temporary password: the first sign-in must change it', async () => {
    const medicA = await newMedic();
    const { email } = await createdByMedic(medicA);
    const session = await signIn(email, TEMPORARY);
    expect(session.user.mustChangePassword).toBe(true);
    const record = await get('/api/patients/me', session);
    expect(record.statusCode).toBe(403);
    expect(errorOf(record).code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it("refuses the creating medic's forged acceptance of another medic's request with 403 PASSWORD_CHANGE_REQUIRED", async () => {
    const medicA = await newMedic();
    const medicB = await newMedic();
    const { email, idPatient } = await createdByMedic(medicA);
    const asked = await askLink(medicB, { user: { email } } as Session);
    expect(asked.statusCode).toBe(202);
    const idRequest = asked.json().request.idRequest as number;

    const forger = await signIn(email, TEMPORARY);
    const accepted = await post(`/api/patients/me/link-requests/${idRequest}/accept`, {}, forger);
    expect(accepted.statusCode).toBe(403);
    expect(errorOf(accepted).code).toBe('PASSWORD_CHANGE_REQUIRED');

    // Nothing changed: medic B still cannot read the record, and the trail records the refusal, not a consent.
    expect((await get(`/api/medics/patients/${idPatient}`, medicB)).statusCode).toBe(404);
    const userId = forger.user.idUser;
    expect((await auditRows('linkRequests.accept', userId)).filter((row) => row.outcome === 'success')).toEqual([]);
    expect(await rawGet(app.deps.db, "select count(*) as n from audit_events where actor_user_id = ? and outcome = 'denied' and detail = 'PASSWORD_CHANGE_REQUIRED'", [userId])).toEqual({ n: 1 });
  });

  it('refuses the creating medic re-linking itself in the patient\'s name after the patient unlinked it', async () => {
    const medicA = await newMedic();
    const { email, idPatient } = await createdByMedic(medicA);
    // Simulates the patient having removed medic A (the forger would then try to undo it).
    expect((await del(`/api/medics/unlink-patient/${idPatient}`, medicA)).statusCode).toBe(204);
    const forger = await signIn(email, TEMPORARY);
    const relinked = await post('/api/patients/me/link-doctor', { doctorEmail: medicA.user.email }, forger);
    expect(relinked.statusCode).toBe(403);
    expect(errorOf(relinked).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await get(`/api/medics/patients/${idPatient}`, medicA)).statusCode).toBe(404);
  });

  it('is activated by the patient choosing their own password, which the trail records; then consent works', async () => {
    const medicA = await newMedic();
    const medicB = await newMedic();
    const { email, idPatient } = await createdByMedic(medicA);
    const idRequest = (await askLink(medicB, { user: { email } } as Session)).json().request.idRequest as number;

    const first = await signIn(email, TEMPORARY);
    const changed = await post('/api/auth/change-password', { currentPassword: TEMPORARY, newPassword: 'mi-propia-clave-31' }, first);
    expect(changed.statusCode).toBe(204);
    expect(await auditRows('auth.changePassword', first.user.idUser)).toEqual([{ outcome: 'success', detail: 'account activated' }]);

    const own = await signIn(email, 'mi-propia-clave-31');
    expect(own.user.mustChangePassword).toBe(false);
    expect((await post(`/api/patients/me/link-requests/${idRequest}/accept`, {}, own)).statusCode).toBe(200);
    expect((await get(`/api/medics/patients/${idPatient}`, medicB)).statusCode).toBe(200);
  });
});
