// Signing in with passkeys (API.md "Second factor, passkeys and oversight") end to end, through REST
// and tRPC, with a software authenticator standing in for the browser and the device: without a
// password, as the second factor after the password, and what is refused (a replay, a cloned
// authenticator, someone else's passkey, a disabled account, an unknown passkey), each outcome in the
// audit trail.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { SecondFactorChallenge } from '../../shared/second-factor';
import { rawGet, rawRun } from '../db/raw-sql';
import { register, TEST_PASSWORD, uniqueEmail } from '../test/helpers';
import { SoftwareAuthenticator } from '../test/software-authenticator';
import { ORIGIN, RP_ID, app, usePasskeyPractice, transports, newAddress, auditSince, lastAuditId, sessionsOf, withPasskey, signInAlone } from './passkeys.fixture';

usePasskeyPractice();

describe.each(transports)('passkeys through %s', (_name, transportOf) => {
  const t = transportOf();

  it('signs in without email or password with a discoverable passkey, and records its use', async () => {
    const account = await register(app);
    const { device, passkey } = await withPasskey(t, account);
    const ip = newAddress();
    const options = await t.authenticationOptions(ip);
    expect(options.body).toMatchObject({ rpId: RP_ID, userVerification: 'required', allowCredentials: [], challenge: expect.any(String) });
    const since = await lastAuditId();

    const signedIn = await t.authenticate(ip, device.get(options.body));
    expect(signedIn.status).toBe(200);
    const session = signedIn.body as Session;
    expect(session.user).toMatchObject({ idUser: account.user.idUser, twoFactor: { totp: false, passkeys: 1 } });
    expect((await t.profile(session.access_token)).status).toBe(200);
    const [listed] = (await t.list(session.access_token)).body.passkeys;
    expect(listed).toMatchObject({ idPasskey: passkey.idPasskey, lastUsedAt: expect.any(String) });
    expect(await rawGet(app.deps.db, 'select sign_count as n from passkeys where id = ?', [passkey.idPasskey])).toEqual({ n: 1 });
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'success', detail: 'passkey', actor_user_id: account.user.idUser, ip })]);
  });

  it('completes a password sign-in with a passkey as the second factor, once', async () => {
    const email = uniqueEmail('segundo');
    const account = await register(app, { email });
    const { device } = await withPasskey(t, account);
    const ip = newAddress();

    const password = await t.login(email, TEST_PASSWORD, ip);
    expect(password.status).toBe(200);
    const step = password.body as SecondFactorChallenge;
    expect(step).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['passkey'] });

    const options = await t.authenticationOptions(ip, step.challenge);
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([{ id: device.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
    const since = await lastAuditId();
    const signedIn = await t.authenticate(ip, device.get(options.body), step.challenge);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as Session).user.idUser).toBe(account.user.idUser);
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'success', detail: 'passkey' })]);

    // The password step is spent: neither a new ceremony nor the same answer opens a second session.
    const reused = await t.authenticationOptions(ip, step.challenge);
    expect([reused.status, reused.code]).toEqual([401, 'INVALID_CODE']);
    expect(await sessionsOf(account.user.idUser)).toBe(2);
  });

  it('refuses, as the second factor, a passkey of another account (and counts it against the challenge)', async () => {
    const email = uniqueEmail('victima');
    const account = await register(app, { email });
    await withPasskey(t, account);
    const intruder = await register(app);
    const { device: intruderDevice } = await withPasskey(t, intruder);
    const ip = newAddress();
    const step = (await t.login(email, TEST_PASSWORD, ip)).body as SecondFactorChallenge;
    const options = await t.authenticationOptions(ip, step.challenge);
    const since = await lastAuditId();

    const answer = intruderDevice.get(options.body, { credentialId: intruderDevice.credentials[0]!.id });
    const refused = await t.authenticate(ip, answer, step.challenge);
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(await rawGet(app.deps.db, 'select failures from sign_in_challenges where id = ?', [step.challenge])).toEqual({ failures: 1 });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: "passkey: another account's passkey", actor_user_id: account.user.idUser }),
    ]);
  });

  it('refuses, as the second factor, an answer to a ceremony that was not started for that sign-in', async () => {
    const email = uniqueEmail('ajena');
    const account = await register(app, { email });
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    const step = (await t.login(email, TEST_PASSWORD, ip)).body as SecondFactorChallenge;
    const passwordless = await t.authenticationOptions(ip);
    const since = await lastAuditId();
    const refused = await t.authenticate(ip, device.get(passwordless.body), step.challenge);
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: ceremony of another sign-in' })]);
  });

  it('refuses a replayed assertion: the ceremony is over once answered', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    const options = await t.authenticationOptions(ip);
    const answer = device.get(options.body);
    expect((await t.authenticate(ip, answer)).status).toBe(200);
    const since = await lastAuditId();
    const replayed = await t.authenticate(ip, answer);
    expect([replayed.status, replayed.code]).toEqual([401, 'INVALID_CODE']);
    expect(await sessionsOf(account.user.idUser)).toBe(2);
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: no such ceremony, or expired' })]);
  });

  it('refuses an assertion whose signature counter did not move on (a cloned authenticator)', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    expect((await signInAlone(t, device, ip)).status).toBe(200);
    const since = await lastAuditId();
    const cloned = await signInAlone(t, device, ip, { keepSignCount: true });
    expect([cloned.status, cloned.code]).toEqual([401, 'INVALID_CODE']);
    expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: signature counter went back' })]);
  });

  it('refuses the passkey of a disabled account once it has proved who it is (403 ACCOUNT_DISABLED)', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    await rawRun(app.deps.db, "update users set status = 'disabled' where id = ?", [account.user.idUser]);
    try {
      const since = await lastAuditId();
      const refused = await signInAlone(t, device, newAddress());
      expect([refused.status, refused.code]).toEqual([403, 'ACCOUNT_DISABLED']);
      expect(await sessionsOf(account.user.idUser)).toBe(1);
      expect(await auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'denied', detail: 'ACCOUNT_DISABLED', actor_user_id: account.user.idUser })]);
    } finally {
      await rawRun(app.deps.db, "update users set status = 'active' where id = ?", [account.user.idUser]);
    }
  });

  it('refuses a passkey the server does not know, and a sign-in challenge that is not alive', async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.create({ rp: { id: RP_ID, name: 'x' }, user: { id: 'eA', name: 'x', displayName: 'x' }, challenge: 'eA', pubKeyCredParams: [] });
    const ip = newAddress();
    const since = await lastAuditId();
    const unknown = await signInAlone(t, stranger, ip);
    expect([unknown.status, unknown.code]).toEqual([401, 'INVALID_CODE']);
    const dead = await t.authenticationOptions(ip, 'no-such-challenge');
    expect([dead.status, dead.code]).toEqual([401, 'INVALID_CODE']);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: unknown passkey', actor_user_id: null }),
      expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: sign-in challenge not alive', actor_user_id: null }),
    ]);
  });

  it('counts failed ceremonies against the sign-in limits of the account from that address', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) expect((await signInAlone(t, device, ip, { userVerified: false })).code).toBe('INVALID_CODE');
    const limited = await signInAlone(t, device, ip);
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    // From another address the owner still gets in.
    expect((await signInAlone(t, device, newAddress())).status).toBe(200);
  });
});

describe('passkey ceremonies over tRPC’s HTTP adapter', () => {
  it('refuses a batch of sign-in answers (400), checking none', async () => {
    const since = await lastAuditId();
    const input = JSON.stringify({ 0: { response: { id: 'x' } }, 1: { response: { id: 'y' } } });
    const answer = await app.inject({
      method: 'POST',
      url: '/trpc/auth.passkeyAuthentication,auth.passkeyAuthentication?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: input,
    });
    expect(answer.statusCode).toBe(400);
    expect((await auditSince(since)).filter((event) => event.detail?.startsWith('passkey'))).toEqual([]);
  });
});
