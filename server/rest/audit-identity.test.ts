// Security review findings 5 and 6: the access log and the emergency list name a medic as
// they were when they acted, and every read that returns patients' identities is audited or
// answers only what the caller may know.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { register, TEST_PASSWORD, uniqueEmail } from '../test/helpers';
import { app, askLink, get, newMedic, newPatient, post, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

const REASON = 'Unconscious in the emergency room, allergies needed';
const patch = (url: string, payload: object, session: Session) =>
  app.inject({ method: 'PATCH', url, payload, headers: { authorization: `Bearer ${session.access_token}` } });
const auditCount = async (action: string, userId: number) =>
  (await rawGet<{ n: number }>(app.deps.db, 'select count(*) as n from audit_events where action = ? and actor_user_id = ?', [action, userId]))!.n;

describe('names in the audit trail', () => {
  it("shows the patient and the administrator the name a medic broke the glass under, not the one they took afterwards", async () => {
    // The fixture's first medic is the practice's administrator.
    const adminUser = (await rawGet<{ email: string }>(app.deps.db, 'select email from users where is_admin = 1'))!;
    const administrator = (await post('/api/auth/login', { email: adminUser.email, password: TEST_PASSWORD })).json<Session>();

    const medic = await register(app, { type: 'medic', name: 'Rodrigo', lname: 'Paz', email: uniqueEmail('glass') });
    const patient = await newPatient();
    const started = await post('/api/medics/emergency-access', { patientEmail: patient.user.email, reason: REASON }, medic);
    expect(started.statusCode).toBe(200);
    const idPatient = started.json().patient.idPatient as number;
    expect((await get(`/api/medics/patients/${idPatient}`, medic)).statusCode).toBe(200);

    expect((await patch('/api/medics/me', { name: 'admin', lname: 'admin' }, medic)).statusCode).toBe(200);

    const log = (await get('/api/patients/me/access-log', patient)).json().events as { medic: { name: string; lname: string } | null; emergency: boolean }[];
    const byMedic = log.filter((event) => event.emergency);
    expect(byMedic.length).toBeGreaterThanOrEqual(2);
    for (const event of byMedic) expect(event.medic).toMatchObject({ name: 'Rodrigo', lname: 'Paz' });

    const list = (await get('/api/admin/emergency-access', administrator)).json().accesses as { idAccess: number; medic: { name: string; lname: string } }[];
    expect(list.find((access) => access.idAccess === started.json().idAccess)?.medic).toMatchObject({ name: 'Rodrigo', lname: 'Paz' });
  });

  it('keeps the name with each event, so the trail reads the same after a rename', async () => {
    const medic = await register(app, { type: 'medic', name: 'Julia', lname: 'Mora', email: uniqueEmail('rename') });
    await get('/api/medics/my-patients', medic);
    await patch('/api/medics/me', { name: 'Otra' }, medic);
    await get('/api/medics/my-patients', medic);
    const names = await rawRows(app.deps.db, "select actor_name as name, actor_lname as lname from audit_events where actor_user_id = ? and action = 'patients.list' order by id", [
      medic.user.idUser,
    ]);
    expect(names).toEqual([{ name: 'Julia', lname: 'Mora' }, { name: 'Otra', lname: 'Mora' }]);
  });
});

describe('reads of patients\' identities', () => {
  it('audits GET /medics/link-requests, which names patients (declined ones too)', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    const asked = await askLink(medic, patient);
    await post(`/api/patients/me/link-requests/${asked.json().request.idRequest}/decline`, {}, patient);
    const before = await auditCount('patients.linkRequests', medic.user.idUser);
    const read = await get('/api/medics/link-requests', medic);
    expect(read.statusCode).toBe(200);
    expect(read.json().requests).toEqual([expect.objectContaining({ status: 'declined', patient: expect.objectContaining({ email: patient.user.email }) })]);
    expect(await auditCount('patients.linkRequests', medic.user.idUser)).toBe(before + 1);
  });

  it("answers phone: null for a patient found by exact email who is not the caller's, and the phone for one who is", async () => {
    const medic = await newMedic();
    const stranger = await newPatient();
    await rawRun(app.deps.db, "update users set phone = '5550001111' where id = ?", [stranger.user.idUser]);
    const found = (await get(`/api/medics/search-patients?q=${encodeURIComponent(stranger.user.email)}`, medic)).json();
    expect(found).toEqual([expect.objectContaining({ email: stranger.user.email, linked: false, phone: null })]);

    const own = await post('/api/patients', { name: 'Eva', lname: 'Lara', email: uniqueEmail('own'), password: 'temporal-99-x', phone: '5552223333' }, medic);
    const mine = (await get(`/api/medics/search-patients?q=${encodeURIComponent(own.json().email)}`, medic)).json();
    expect(mine).toEqual([expect.objectContaining({ linked: true, phone: '5552223333' })]);
  });
});
