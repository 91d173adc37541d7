// API.md "Practice administration, consent and emergency access", through REST and tRPC alike:
// who may become a medic, who reaches a record, and what the administrator can do.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { buildTestApp, testConfig, TEST_PASSWORD, uniqueEmail } from '../test/helpers';
import { bothTransports, restTransport, tokenOf, type Transport } from '../test/transports';

const REASON = 'Unconscious in the emergency room, allergies needed';

describe.each(bothTransports)('over %s', (_name, transportFor) => {
  let app: FastifyInstance;
  let t: Transport;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date();
    // A short emergency access (36 s) whose end the tests reach by moving the clock.
    app = await buildTestApp({ config: testConfig({ emergencyAccessHours: 0.01 }), now: () => clock });
    t = transportFor(app);
  });
  afterEach(() => app.close());

  const signUp = async (type: 'patient' | 'medic', extra: { name?: string; lname?: string; doctorEmail?: string } = {}) => {
    const email = uniqueEmail(type);
    const outcome = await t.register({ name: 'Ana', lname: 'Ruiz', email, password: TEST_PASSWORD, type, ...extra });
    expect(outcome.status, JSON.stringify(outcome.body)).toBeLessThan(300);
    return { email, outcome };
  };
  const signIn = async (email: string, password = TEST_PASSWORD) => {
    const outcome = await t.login(email, password);
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    return tokenOf(outcome);
  };
  const medicIdOf = async (adminToken: string, email: string): Promise<number> =>
    (await t.adminMedics(adminToken)).body.medics.find((medic: { email: string }) => medic.email === email).idMedic;
  const patientIdOf = async (email: string): Promise<number> =>
    (await rawGet<{ id: number }>(app.deps.db, 'select p.id from patients p join users u on u.id = p.user_id where u.email = ?', [email]))!.id;

  /** The administrator (the first medic) and a second medic the administrator approved. */
  const practice = async () => {
    const admin = await signUp('medic', { name: 'Elena', lname: 'Admin' });
    const adminToken = tokenOf(admin.outcome);
    const medic = await signUp('medic', { name: 'Mario', lname: 'Segundo' });
    expect((await t.setMedicStatus(adminToken, await medicIdOf(adminToken, medic.email), 'approve')).status).toBe(200);
    return { adminToken, medicEmail: medic.email, medicToken: await signIn(medic.email) };
  };

  it('makes the first medic the administrator; a later medic waits for approval, cannot sign in, then can once approved', async () => {
    const admin = await signUp('medic');
    expect(admin.outcome.body.user).toMatchObject({ isAdmin: true, status: 'active', mustChangePassword: false });
    const adminToken = tokenOf(admin.outcome);

    const second = await signUp('medic');
    expect(second.outcome.body).toEqual({ pending: true, message: expect.any(String) });
    const refused = await t.login(second.email, TEST_PASSWORD);
    expect([refused.status, refused.code]).toEqual([403, 'ACCOUNT_PENDING']);
    // A wrong password says only that: the account's state is not revealed to a guesser.
    expect((await t.login(second.email, 'not-the-password')).code).toBe('INVALID_CREDENTIALS');

    const medics = (await t.adminMedics(adminToken)).body.medics;
    expect(medics.map((medic: { email: string; status: string }) => [medic.email, medic.status])).toEqual([
      [second.email, 'pending'],
      [admin.email, 'active'],
    ]);
    const approved = await t.setMedicStatus(adminToken, medics[0].idMedic, 'approve');
    expect(approved.body).toMatchObject({ email: second.email, status: 'active', isAdmin: false });
    const token = await signIn(second.email);
    expect((await t.profile(token)).body.user).toMatchObject({ isAdmin: false, status: 'active' });
  });

  it("ends a disabled medic's sessions at once (401), refuses their sign-in (ACCOUNT_DISABLED), and lets them back when enabled", async () => {
    const { adminToken, medicEmail, medicToken } = await practice();
    expect((await t.profile(medicToken)).status).toBe(200);
    const idMedic = await medicIdOf(adminToken, medicEmail);
    expect((await t.setMedicStatus(adminToken, idMedic, 'disable')).body.status).toBe('disabled');

    expect((await t.profile(medicToken)).status).toBe(401);
    expect((await t.searchPatients(medicToken, 'a')).status).toBe(401);
    const refused = await t.login(medicEmail, TEST_PASSWORD);
    expect([refused.status, refused.code]).toEqual([403, 'ACCOUNT_DISABLED']);

    await t.setMedicStatus(adminToken, idMedic, 'enable');
    expect((await t.profile(await signIn(medicEmail))).status).toBe(200);
    // The administrator cannot lock themself out.
    const self = await t.setMedicStatus(adminToken, await medicIdOf(adminToken, (await t.profile(adminToken)).body.user.email), 'disable');
    expect(self.status).toBe(403);
  });

  it('hides pending and disabled medics from doctor search and from doctorEmail at registration', async () => {
    const admin = await signUp('medic');
    const adminToken = tokenOf(admin.outcome);
    const pending = await signUp('medic', { lname: 'Pendiente' });
    const patientToken = tokenOf((await signUp('patient')).outcome);
    expect((await t.searchDoctors(patientToken, 'Pendiente')).body).toEqual([]);
    const named = await t.register({ name: 'P', lname: 'Q', email: uniqueEmail('p'), password: TEST_PASSWORD, type: 'patient', doctorEmail: pending.email });
    expect([named.status, named.code]).toEqual([400, 'DOCTOR_NOT_FOUND']);

    const idMedic = await medicIdOf(adminToken, pending.email);
    await t.setMedicStatus(adminToken, idMedic, 'approve');
    expect((await t.searchDoctors(patientToken, 'Pendiente')).body).toHaveLength(1);
    await t.setMedicStatus(adminToken, idMedic, 'disable');
    expect((await t.searchDoctors(patientToken, 'Pendiente')).body).toEqual([]);
  });

  it('answers 403 to medics and patients and 401 to strangers on every administration call', async () => {
    const { medicToken } = await practice();
    const patientToken = tokenOf((await signUp('patient')).outcome);
    for (const token of [medicToken, patientToken, undefined]) {
      const expected = token ? 403 : 401;
      expect((await t.adminMedics(token)).status).toBe(expected);
      expect((await t.setMedicStatus(token, 1, 'approve')).status).toBe(expected);
      expect((await t.resetPassword(token, 1)).status).toBe(expected);
      expect((await t.emergencyList(token)).status).toBe(expected);
    }
  });

  it("keeps the record 404 to a medic who asked until the patient accepts, and 200 after", async () => {
    const { medicToken } = await practice();
    const patient = await signUp('patient', { name: 'Luz', lname: 'Mar' });
    const patientToken = tokenOf(patient.outcome);
    const idPatient = await patientIdOf(patient.email);

    const asked = await t.linkPatient(medicToken, patient.email);
    expect(asked.status).toBeLessThan(300);
    expect(asked.body.request).toMatchObject({ status: 'pending', patient: { idPatient, name: 'Luz', lname: 'Mar' } });
    expect((await t.patientDetail(medicToken, idPatient)).status).toBe(404);
    expect((await t.addAllergy(medicToken, idPatient)).status).toBe(404);

    const { linkRequests } = (await t.patientSelf(patientToken)).body;
    expect(linkRequests).toEqual([
      { idRequest: asked.body.request.idRequest, createdAt: expect.any(String), medic: expect.objectContaining({ name: 'Mario', lname: 'Segundo' }) },
    ]);
    const accepted = await t.answerRequest(patientToken, linkRequests[0].idRequest, 'accept');
    expect(accepted.body.doctor).toMatchObject({ name: 'Mario', lname: 'Segundo' });
    expect((await t.patientDetail(medicToken, idPatient)).status).toBe(200);
    expect((await t.addAllergy(medicToken, idPatient)).status).toBeLessThan(300);
  });

  it('keeps the record 404 after a decline; the medic sees the request declined and may withdraw it', async () => {
    const { medicToken } = await practice();
    const patient = await signUp('patient');
    const patientToken = tokenOf(patient.outcome);
    const { idRequest } = (await t.linkPatient(medicToken, patient.email)).body.request;

    expect((await t.answerRequest(patientToken, idRequest, 'decline')).status).toBeLessThan(300);
    expect((await t.patientDetail(medicToken, await patientIdOf(patient.email))).status).toBe(404);
    expect((await t.patientSelf(patientToken)).body.linkRequests).toEqual([]);
    expect((await t.medicRequests(medicToken)).body.requests).toEqual([expect.objectContaining({ idRequest, status: 'declined' })]);
    // A decided request cannot be accepted afterwards.
    expect((await t.answerRequest(patientToken, idRequest, 'accept')).status).toBe(404);

    expect((await t.withdrawRequest(medicToken, idRequest)).status).toBeLessThan(300);
    expect((await t.medicRequests(medicToken)).body.requests).toEqual([]);
    expect((await t.withdrawRequest(medicToken, idRequest)).status).toBe(404);
  });

  it("does not let another patient or medic answer or withdraw someone else's request", async () => {
    const { medicToken, adminToken } = await practice();
    const patient = await signUp('patient');
    const { idRequest } = (await t.linkPatient(medicToken, patient.email)).body.request;
    const otherPatientToken = tokenOf((await signUp('patient')).outcome);
    expect((await t.answerRequest(otherPatientToken, idRequest, 'accept')).status).toBe(404);
    expect((await t.withdrawRequest(adminToken, idRequest)).status).toBe(404);
    expect((await t.answerRequest(medicToken, idRequest, 'accept')).status).toBe(403);
  });

  it('does not reveal an unlinked patient by name, phone or partial email, only by exact email', async () => {
    const { medicToken } = await practice();
    const patient = await signUp('patient', { name: 'Zoraida', lname: 'Quintero' });
    await rawRun(app.deps.db, 'update users set phone = ? where email = ?', ['5550199', patient.email]);
    for (const q of ['Zoraida', 'quintero', '5550199', patient.email.slice(0, 10), patient.email.slice(2)]) {
      expect((await t.searchPatients(medicToken, q)).body, q).toEqual([]);
    }
    expect((await t.searchPatients(medicToken, patient.email.toUpperCase())).body).toEqual([
      expect.objectContaining({ name: 'Zoraida', linked: false }),
    ]);
  });

  it('gives emergency access read-only: reads work, writes 403, flagged for the patient and listed for the administrator, ended after the configured time', async () => {
    const { medicToken, adminToken } = await practice();
    const patient = await signUp('patient', { name: 'Rosa', lname: 'Urgencias' });
    const idPatient = await patientIdOf(patient.email);

    const short = await t.emergencyAccess(medicToken, patient.email, 'too short');
    expect([short.status, short.code]).toEqual([400, 'VALIDATION_FAILED']);

    const started = await t.emergencyAccess(medicToken, patient.email, REASON);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ reason: REASON, patient: { idPatient, name: 'Rosa', lname: 'Urgencias' }, medic: { name: 'Mario' } });
    expect(new Date(started.body.expiresAt).getTime() - new Date(started.body.startedAt).getTime()).toBe(36_000);

    const read = await t.patientDetail(medicToken, idPatient);
    expect(read.status).toBe(200);
    expect(read.body.emergencyAccess).toEqual({ idAccess: started.body.idAccess, reason: REASON, expiresAt: started.body.expiresAt });
    const write = await t.addAllergy(medicToken, idPatient);
    expect([write.status, write.code]).toEqual([403, 'FORBIDDEN']);

    const log = (await t.accessLog(tokenOf(patient.outcome))).body.events;
    const flagged = log.filter((event: { emergency: boolean }) => event.emergency);
    expect(flagged.map((event: { action: string; outcome: string; detail: string }) => [event.action, event.outcome, event.detail])).toEqual([
      ['patients.allergies.add', 'denied', REASON],
      ['patient.detail', 'success', REASON],
      ['emergency.start', 'success', REASON],
    ]);
    const listed = (await t.emergencyList(adminToken)).body.accesses;
    expect(listed).toEqual([expect.objectContaining({ idAccess: started.body.idAccess, reason: REASON, patient: { idPatient, name: 'Rosa', lname: 'Urgencias' } })]);

    clock = new Date(clock.getTime() + 37_000);
    expect((await t.patientDetail(medicToken, idPatient)).status).toBe(404);
  });

  it("ends every session on an administrator's reset and forces a new password at the next sign-in", async () => {
    const { adminToken } = await practice();
    const patient = await signUp('patient');
    const oldToken = tokenOf(patient.outcome);
    const idUser = patient.outcome.body.user.idUser;

    const reset = await t.resetPassword(adminToken, idUser);
    expect(reset.status).toBe(200);
    const temporary = reset.body.temporaryPassword as string;
    expect(temporary).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    expect((await t.profile(oldToken)).status).toBe(401);
    expect((await t.login(patient.email, TEST_PASSWORD)).code).toBe('INVALID_CREDENTIALS');

    const signedIn = await t.login(patient.email, temporary);
    expect(signedIn.body.user.mustChangePassword).toBe(true);
    const token = tokenOf(signedIn);
    const blocked = await t.patientSelf(token);
    expect([blocked.status, blocked.code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    expect((await t.profile(token)).body.user.mustChangePassword).toBe(true);

    const same = await t.changePassword(token, temporary, temporary);
    expect([same.status, same.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await t.changePassword(token, temporary, 'una-clave-nueva-7')).status).toBeLessThan(300);
    expect((await t.patientSelf(token)).status).toBe(200);
    expect((await t.login(patient.email, 'una-clave-nueva-7')).body.user.mustChangePassword).toBe(false);
  });

  it('changes a password, ending every other session but this one; refuses a wrong current password and a common new one', async () => {
    const patient = await signUp('patient');
    const first = tokenOf(patient.outcome);
    const second = await signIn(patient.email);

    const wrong = await t.changePassword(first, 'not-my-password', 'una-clave-nueva-7');
    expect([wrong.status, wrong.code]).toEqual([400, 'VALIDATION_FAILED']);
    const common = await t.changePassword(first, TEST_PASSWORD, 'password1');
    expect([common.status, common.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await t.profile(second)).status).toBe(200);

    expect((await t.changePassword(first, TEST_PASSWORD, 'una-clave-nueva-7')).status).toBeLessThan(300);
    expect((await t.profile(first)).status).toBe(200);
    expect((await t.profile(second)).status).toBe(401);
    expect((await t.login(patient.email, TEST_PASSWORD)).status).toBe(401);
    expect((await t.login(patient.email, 'una-clave-nueva-7')).status).toBe(200);
  });

  it('refuses a common password at registration, naming the field', async () => {
    const outcome = await t.register({ name: 'A', lname: 'B', email: uniqueEmail('weak'), password: 'Password1', type: 'patient' });
    expect([outcome.status, outcome.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("lets a medic set the profile their patients' doctor card shows", async () => {
    const { medicToken, medicEmail } = await practice();
    const updated = await t.updateMe(medicToken, {
      name: 'Mario', lname: 'Segundo Paz', phone: '555 1000', whatsapp: '+34 600 000 000', about: 'Medicina familiar',
      specialty: 'Medicina familiar y comunitaria', licenseNumber: ' 28/28/12345 ',
    });
    expect(updated.body).toEqual({
      idMedic: expect.any(Number),
      name: 'Mario',
      lname: 'Segundo Paz',
      email: medicEmail,
      phone: '555 1000',
      whatsapp: '+34 600 000 000',
      about: 'Medicina familiar',
      specialty: 'Medicina familiar y comunitaria',
      licenseNumber: '28/28/12345',
    });
    expect((await t.updateMe(medicToken, { about: '' })).body).toMatchObject({ about: null, licenseNumber: '28/28/12345' });
    expect((await t.updateMe(medicToken, { licenseNumber: '', specialty: null })).body).toMatchObject({ licenseNumber: null, specialty: null });
    for (const [field, longest] of [['specialty', 100], ['licenseNumber', 50]] as const) {
      expect((await t.updateMe(medicToken, { [field]: 'x'.repeat(longest) })).status, field).toBe(200);
      const tooLong = await t.updateMe(medicToken, { [field]: 'x'.repeat(longest + 1) });
      expect([tooLong.status, tooLong.code], field).toEqual([400, 'VALIDATION_FAILED']);
    }
    const patientToken = tokenOf((await signUp('patient', { doctorEmail: medicEmail })).outcome);
    expect((await t.patientSelf(patientToken)).body.doctors).toEqual([expect.objectContaining({ lname: 'Segundo Paz', whatsapp: '+34 600 000 000' })]);
    const invalid = await t.updateMe(medicToken, { name: '' });
    expect([invalid.status, invalid.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('a change and its audit event commit together', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  /** Makes the audit insert of one action fail, as a full disk or a broken trigger would: a trigger in each engine's dialect. */
  const failAuditOf = (action: string) =>
    rawRun(app.deps.db, {
      sqlite: `create trigger fail_audit before insert on audit_events when new.action = '${action}' and new.outcome = 'success'
       begin select raise(abort, 'audit insert failed'); end`,
      postgres: `create function fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit insert failed'; end $$;
       create trigger fail_audit before insert on audit_events for each row
       when (new.action = '${action}' and new.outcome = 'success') execute function fail_audit()`,
    });

  it.each([
    ['approving a medic', 'admin.approveMedic'],
    ['accepting a link request', 'linkRequests.accept'],
    ['starting emergency access', 'emergency.start'],
  ])('leaves nothing changed when the audit event of %s cannot be written', async (_label, action) => {
    const t = restTransport(app);
    const admin = tokenOf(await t.register({ name: 'A', lname: 'Admin', email: uniqueEmail('admin'), password: TEST_PASSWORD, type: 'medic' }));
    const medicEmail = uniqueEmail('medic');
    await t.register({ name: 'M', lname: 'Medic', email: medicEmail, password: TEST_PASSWORD, type: 'medic' });
    const idMedic = (await t.adminMedics(admin)).body.medics.find((medic: { email: string }) => medic.email === medicEmail).idMedic;
    const patientEmail = uniqueEmail('patient');
    const patient = tokenOf(await t.register({ name: 'P', lname: 'Patient', email: patientEmail, password: TEST_PASSWORD, type: 'patient' }));
    const { idRequest } = (await t.linkPatient(admin, patientEmail)).body.request;
    const snapshot = async () => {
      const tables: unknown[][] = [];
      for (const table of ['users', 'medic_patients', 'link_requests', 'emergency_accesses']) tables.push(await rawRows(app.deps.db, `select * from ${table}`));
      return tables;
    };
    const before = await snapshot();

    await failAuditOf(action);
    const outcome =
      action === 'admin.approveMedic'
        ? await t.setMedicStatus(admin, idMedic, 'approve')
        : action === 'linkRequests.accept'
          ? await t.answerRequest(patient, idRequest, 'accept')
          : await t.emergencyAccess(admin, patientEmail, 'A reason long enough for the rule');
    expect(outcome.status).toBe(500);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the documented REST success codes', () => {
  it('answers 201 pending registration, 202 link request, 204 decline, withdraw and password change, 200 for the rest', async () => {
    const app = await buildTestApp();
    try {
      const t = restTransport(app);
      const account = (type: 'patient' | 'medic') => ({ name: 'A', lname: 'B', email: uniqueEmail(type), password: TEST_PASSWORD, type });
      const admin = await t.register(account('medic'));
      expect(admin.status).toBe(201);
      const pendingAccount = account('medic');
      const pending = await t.register(pendingAccount);
      expect([pending.status, pending.body.pending]).toEqual([201, true]);
      const idMedic = (await t.adminMedics(tokenOf(admin))).body.medics.find((medic: { email: string }) => medic.email === pendingAccount.email).idMedic;
      expect((await t.setMedicStatus(tokenOf(admin), idMedic, 'approve')).status).toBe(200);

      const patientAccount = account('patient');
      const patient = tokenOf(await t.register(patientAccount));
      const asked = await t.linkPatient(tokenOf(admin), patientAccount.email);
      expect(asked.status).toBe(202);
      expect((await t.answerRequest(patient, asked.body.request.idRequest, 'decline')).status).toBe(204);
      expect((await t.withdrawRequest(tokenOf(admin), asked.body.request.idRequest)).status).toBe(204);
      const again = await t.linkPatient(tokenOf(admin), patientAccount.email);
      expect((await t.answerRequest(patient, again.body.request.idRequest, 'accept')).status).toBe(200);
      expect((await t.changePassword(patient, TEST_PASSWORD, 'una-clave-nueva-7')).status).toBe(204);
      expect((await t.resetPassword(tokenOf(admin), (await t.profile(patient)).body.user.idUser)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
