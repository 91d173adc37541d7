// Registering passkeys (API.md "Second factor, passkeys and oversight") end to end, through REST and
// tRPC, with a software authenticator standing in for the browser and the device: the creation
// options, the list, deletion, and what is refused at registration (another origin, no user
// verification, a replayed or duplicate registration, a bad name, no token).
import { describe, expect, it } from 'vitest';
import { rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, register, TEST_PASSWORD, testConfig } from '../test/helpers';
import { SoftwareAuthenticator } from '../test/software-authenticator';
import { ORIGIN, RP_ID, app, usePasskeyPractice, rest, transports, newAddress, auditSince, lastAuditId, withPasskey, signInAlone } from './passkeys.fixture';

usePasskeyPractice();

describe.each(transports)('passkeys through %s', (_name, transportOf) => {
  const t = transportOf();

  it('offers creation options for a discoverable, user-verified passkey on the configured host, excluding the passkeys the user has', async () => {
    const account = await register(app, { name: 'Lucía', lname: 'Prieto' });
    const first = await t.registrationOptions(account.access_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      rp: { id: RP_ID },
      user: { id: Buffer.from(String(account.user.idUser)).toString('base64url'), name: account.user.email, displayName: 'Lucía Prieto' },
      challenge: expect.any(String),
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: [],
    });
    const { device } = await withPasskey(t, account);
    const again = await t.registrationOptions(account.access_token);
    expect(again.body.excludeCredentials).toEqual([{ id: device.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
    expect(again.body.challenge).not.toBe(first.body.challenge);
  });

  it('registers two passkeys and lists them, oldest first, the caller’s own only', async () => {
    const account = await register(app);
    const other = await register(app);
    await withPasskey(t, other, 'Llave de otra persona');
    const since = await lastAuditId();
    const { passkey: laptop } = await withPasskey(t, account, '  Portátil  ');
    const { passkey: phone } = await withPasskey(t, account, 'Teléfono');
    expect(laptop).toEqual({ idPasskey: expect.any(Number), name: 'Portátil', createdAt: expect.any(String) });
    const list = await t.list(account.access_token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      passkeys: [
        { idPasskey: laptop.idPasskey, name: 'Portátil', createdAt: laptop.createdAt, lastUsedAt: null },
        { idPasskey: phone.idPasskey, name: 'Teléfono', createdAt: phone.createdAt, lastUsedAt: null },
      ],
    });
    expect((await t.profile(account.access_token)).body.user.twoFactor).toEqual({ totp: false, passkeys: 2 });
    expect((await auditSince(since)).filter((event) => event.action === 'auth.passkeyRegistration')).toEqual([
      expect.objectContaining({ outcome: 'success', detail: `passkey ${laptop.idPasskey}`, actor_user_id: account.user.idUser }),
      expect.objectContaining({ outcome: 'success', detail: `passkey ${phone.idPasskey}`, actor_user_id: account.user.idUser }),
    ]);
  });

  it('deletes a passkey of the caller’s, and answers 404 for someone else’s, which stays', async () => {
    const account = await register(app);
    const other = await register(app);
    const { passkey: mine } = await withPasskey(t, account);
    const { passkey: theirs } = await withPasskey(t, other);
    const since = await lastAuditId();

    const stolen = await t.remove(account.access_token, theirs.idPasskey);
    expect([stolen.status, stolen.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.list(other.access_token)).body.passkeys).toHaveLength(1);

    const removed = await t.remove(account.access_token, mine.idPasskey);
    expect(removed.status).toBe(t.name === 'REST' ? 204 : 200);
    expect((await t.list(account.access_token)).body.passkeys).toEqual([]);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'auth.deletePasskey', outcome: 'denied', detail: 'NOT_FOUND', actor_user_id: account.user.idUser }),
      expect.objectContaining({ action: 'auth.deletePasskey', outcome: 'success', detail: `passkey ${mine.idPasskey}` }),
    ]);
  });

  it('refuses a ceremony signed on another origin, at registration and at sign-in', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const since = await lastAuditId();
    const phished = await t.register(account.access_token, device.create(options.body, { origin: 'https://consultorio.test.evil.example' }), 'Phished');
    expect([phished.status, phished.code]).toEqual([401, 'INVALID_CODE']);
    expect((await t.list(account.access_token)).body.passkeys).toEqual([]);
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.passkeyRegistration', outcome: 'failure', detail: 'wrong origin' })]);

    const { device: good } = await withPasskey(t, account);
    const ip = newAddress();
    const before = await lastAuditId();
    const refused = await signInAlone(t, good, ip, { origin: 'http://consultorio.test' });
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(await auditSince(before)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: wrong origin', actor_user_id: account.user.idUser })]);
  });

  it('refuses an authenticator that did not verify the user (UV flag clear), at registration and at sign-in', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const since = await lastAuditId();
    const unverified = await t.register(account.access_token, device.create(options.body, { userVerified: false }), 'Sin PIN');
    expect([unverified.status, unverified.code]).toEqual([401, 'INVALID_CODE']);
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.passkeyRegistration', outcome: 'failure', detail: 'user not verified' })]);

    const { device: good } = await withPasskey(t, account);
    const before = await lastAuditId();
    const refused = await signInAlone(t, good, newAddress(), { userVerified: false });
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(await auditSince(before)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: user not verified' })]);
  });

  it('refuses a replayed registration: its challenge is single use', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const response = device.create(options.body);
    expect((await t.register(account.access_token, response, 'Uno')).status).toBeLessThan(300);
    const replayed = await t.register(account.access_token, response, 'Dos');
    expect([replayed.status, replayed.code]).toEqual([401, 'INVALID_CODE']);
    expect((await t.list(account.access_token)).body.passkeys).toHaveLength(1);
  });

  it('refuses to register a passkey that is registered already, to the same account or another (400)', async () => {
    const account = await register(app);
    const other = await register(app);
    const { device } = await withPasskey(t, account);
    const credentialId = device.credentials[0]!.id;
    for (const who of [account, other]) {
      const options = await t.registrationOptions(who.access_token);
      const since = await lastAuditId();
      const again = await t.register(who.access_token, device.create(options.body, { credentialId }), 'Otra vez');
      expect([again.status, again.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.passkeyRegistration', outcome: 'failure', detail: 'already registered', actor_user_id: who.user.idUser })]);
    }
    expect((await t.list(other.access_token)).body.passkeys).toEqual([]);
  });

  it('refuses a name with a direction override or a blank one (400), keeping the ceremony for a corrected name', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const response = device.create(options.body);
    for (const name of ['Port\u202eátil', '   ']) {
      const refused = await t.register(account.access_token, response, name);
      expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await t.register(account.access_token, response, 'Portátil')).status).toBeLessThan(300);
  });

  it('asks for a signed-in user to register and to list (401 without a token)', async () => {
    expect((await t.registrationOptions(undefined)).status).toBe(401);
    expect((await t.list(undefined)).status).toBe(401);
    expect((await t.remove(undefined, 1)).status).toBe(401);
  });
});

describe('passkeys and the practice’s second-factor policy', () => {
  it('lets a medic held back by the policy register a passkey, and then work', async () => {
    const practice = await buildTestApp({ config: testConfig({ publicOrigin: ORIGIN }) });
    try {
      await register(practice, { type: 'medic' }); // the administrator
      const medic = await register(practice, { type: 'medic' });
      await rawRun(
        practice.deps.db,
        'insert into practice (id, require_two_factor_for_medics, updated_at) values (1, 1, ?) on conflict(id) do update set require_two_factor_for_medics = 1',
        [new Date().toISOString()],
      );
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        practice.inject({ method, url: `/api${url}`, headers: bearer(medic.access_token), ...(payload ? { payload } : {}) });
      expect((await call('GET', '/medics/me')).json().code).toBe('TWO_FACTOR_REQUIRED');

      const options = await call('POST', '/auth/passkeys/registration-options', { password: TEST_PASSWORD });
      expect(options.statusCode).toBe(200);
      const device = new SoftwareAuthenticator(ORIGIN);
      const registered = await call('POST', '/auth/passkeys/registration', { response: device.create(options.json()), name: 'Llave USB' });
      expect(registered.statusCode).toBe(201);
      expect((await call('GET', '/auth/passkeys')).json().passkeys).toHaveLength(1);
      expect((await call('GET', '/medics/me')).statusCode).toBe(200);
    } finally {
      await practice.close();
    }
  });
});

describe('DELETE /api/auth/passkeys/:idPasskey', () => {
  it('refuses an id that is not plain decimal (400), whatever number it could be read as', async () => {
    const account = await register(app);
    const { passkey } = await withPasskey(rest(), account);
    for (const odd of [`0x${passkey.idPasskey.toString(16)}`, `${passkey.idPasskey}e0`, 'true']) {
      const answer = await app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${odd}`, headers: bearer(account.access_token), payload: { password: TEST_PASSWORD } });
      expect([answer.statusCode, answer.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await rest().list(account.access_token)).body.passkeys).toHaveLength(1);
  });
});
