// TOTP as a second factor (API.md "Second factor, passkeys and oversight"), through REST
// and tRPC: the password step's challenge, the code of the moment, replays, the challenge's five
// minutes and five wrong codes, recovery codes, and TOTP set up, enabled and disabled.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { recoveryCodeSchema, type SecondFactorChallenge } from '../../shared/second-factor';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { register, TEST_PASSWORD, uniqueEmail } from '../test/helpers';
import {
  auditOf,
  bothTransports,
  codeAt,
  enableTotpFor,
  freshAddress,
  secondFactorApp,
  TOTP_STEP_MS,
  type SecondFactorCalls,
  type TestClock,
} from './second-factor.fixture';

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await secondFactorApp('Clínica Norte'));
  // The install's administrator: every account the tests make is an ordinary one.
  await register(app, { type: 'medic', email: uniqueEmail('admin') });
});
afterAll(() => app.close());

describe.each(bothTransports)('TOTP sign-in through %s', (_name, transport) => {
  let t: SecondFactorCalls;
  beforeAll(() => {
    t = transport(app);
  });

  /** A medic with TOTP on, and the address this test signs in from. */
  async function medicWithTotp() {
    const session = await register(app, { type: 'medic', email: uniqueEmail('totp') });
    const totp = await enableTotpFor(app, clock, session);
    return { session, ...totp, ip: freshAddress() };
  }

  async function challengeFor(session: Session, ip: string): Promise<SecondFactorChallenge> {
    const login = await t.login(session.user.email, TEST_PASSWORD, ip);
    expect(login.status).toBe(200);
    expect(login.body).not.toHaveProperty('access_token');
    return login.body as SecondFactorChallenge;
  }

  it('answers the right password with a challenge and no session once TOTP is on, with the methods the account has', async () => {
    const { session, ip } = await medicWithTotp();
    const login = await t.login(session.user.email, TEST_PASSWORD, ip);
    expect(login).toMatchObject({ status: 200, body: { twoFactorRequired: true, challenge: expect.any(String), methods: ['totp', 'recovery'] } });
    expect(Object.keys(login.body).sort()).toEqual(['challenge', 'methods', 'twoFactorRequired']);
    expect((await auditOf(app, session.user.idUser, 'auth.login')).at(-1)).toEqual({ action: 'auth.login', outcome: 'success', detail: 'second factor requested' });
  });

  it('still refuses a wrong password with 401 INVALID_CREDENTIALS, and a pending account before any challenge', async () => {
    const { session, ip } = await medicWithTotp();
    expect(await t.login(session.user.email, 'not-the-password', ip)).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    await rawRun(app.deps.db, "update users set status = 'disabled' where id = ?", [session.user.idUser]);
    try {
      expect(await t.login(session.user.email, TEST_PASSWORD, ip)).toMatchObject({ status: 403, code: 'ACCOUNT_DISABLED' });
    } finally {
      await rawRun(app.deps.db, "update users set status = 'active' where id = ?", [session.user.idUser]);
    }
  });

  it('opens a session for the code the app shows now, audited as totp, and the profile says TOTP is on', async () => {
    const { session, secret, ip } = await medicWithTotp();
    const { challenge } = await challengeFor(session, ip);
    const signedIn = await t.secondFactor({ challenge, code: codeAt(secret, clock.now) }, ip);
    expect(signedIn).toMatchObject({ status: 200, body: { access_token: expect.any(String), user: { idUser: session.user.idUser, twoFactor: { totp: true, passkeys: 0 } } } });
    const profile = await t.profile(signedIn.body.access_token);
    expect(profile.body.user.twoFactor).toEqual({ totp: true, passkeys: 0 });
    expect((await auditOf(app, session.user.idUser, 'auth.login')).at(-1)).toEqual({ action: 'auth.login', outcome: 'success', detail: 'totp' });
  });

  it('accepts the code of the step before or after (a phone clock off by up to 30 seconds)', async () => {
    const { session, secret, ip } = await medicWithTotp();
    // The step before must be later than the one that enabled TOTP, or it is a replay.
    clock.advance(TOTP_STEP_MS);
    const early = await t.secondFactor({ challenge: (await challengeFor(session, ip)).challenge, code: codeAt(secret, new Date(clock.now.getTime() - TOTP_STEP_MS)) }, ip);
    expect(early.status).toBe(200);
    const late = await t.secondFactor({ challenge: (await challengeFor(session, ip)).challenge, code: codeAt(secret, new Date(clock.now.getTime() + TOTP_STEP_MS)) }, ip);
    expect(late.status).toBe(200);
  });

  it('refuses a wrong code with 401 INVALID_CODE, audited, and the challenge still takes the right one', async () => {
    const { session, secret, ip } = await medicWithTotp();
    const { challenge } = await challengeFor(session, ip);
    const right = codeAt(secret, clock.now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await t.secondFactor({ challenge, code: wrong }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect(await auditOf(app, session.user.idUser, 'auth.loginSecondFactor')).toEqual([{ action: 'auth.loginSecondFactor', outcome: 'failure', detail: 'wrong code' }]);
    expect((await t.secondFactor({ challenge, code: right }, ip)).status).toBe(200);
  });

  it('refuses a code that has signed in once, and an older one, when presented again', async () => {
    const { session, secret, ip } = await medicWithTotp();
    const code = codeAt(secret, clock.now);
    const older = codeAt(secret, new Date(clock.now.getTime() - TOTP_STEP_MS));
    expect((await t.secondFactor({ challenge: (await challengeFor(session, ip)).challenge, code }, ip)).status).toBe(200);
    const { challenge } = await challengeFor(session, ip);
    expect(await t.secondFactor({ challenge, code }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    if (older !== code) expect(await t.secondFactor({ challenge, code: older }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect((await auditOf(app, session.user.idUser, 'auth.loginSecondFactor')).map((event) => event.detail)).toContain('replayed code');
    // The next step's code is new: it signs in.
    clock.advance(TOTP_STEP_MS);
    expect((await t.secondFactor({ challenge, code: codeAt(secret, clock.now) }, ip)).status).toBe(200);
  });

  it('refuses the right code once the challenge is 5 minutes old (401 INVALID_CODE)', async () => {
    const { session, secret, ip } = await medicWithTotp();
    const { challenge } = await challengeFor(session, ip);
    clock.advance(5 * 60_000 + 1_000);
    expect(await t.secondFactor({ challenge, code: codeAt(secret, clock.now) }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
  });

  it('kills the challenge at the fifth wrong code (the right code then fails), and counts the codes against the sign-in limits', async () => {
    const { session, secret, ip } = await medicWithTotp();
    const { challenge } = await challengeFor(session, ip);
    const right = codeAt(secret, clock.now);
    const wrongCodes = [1, 2, 3, 4, 5].map((n) => String((Number(right) + n) % 1_000_000).padStart(6, '0'));
    for (const wrong of wrongCodes) expect(await t.secondFactor({ challenge, code: wrong }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect(await t.secondFactor({ challenge, code: right }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    // Five wrong codes from one address are five wrong passwords: the account is held back there.
    expect(await t.login(session.user.email, TEST_PASSWORD, ip)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await t.login(session.user.email, TEST_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('refuses an unknown challenge with 401 INVALID_CODE', async () => {
    expect(await t.secondFactor({ challenge: 'not-a-challenge', code: '123456' }, freshAddress())).toMatchObject({ status: 401, code: 'INVALID_CODE' });
  });

  it('signs in with a recovery code once, written any case and with or without its dash, and never twice', async () => {
    const { session, recoveryCodes, ip } = await medicWithTotp();
    const [first] = recoveryCodes as [string];
    const signedIn = await t.secondFactor({ challenge: (await challengeFor(session, ip)).challenge, recoveryCode: first.toUpperCase().replace('-', '') }, ip);
    expect(signedIn.status).toBe(200);
    expect((await auditOf(app, session.user.idUser, 'auth.login')).at(-1)?.detail).toBe('recovery code');
    expect(await t.secondFactor({ challenge: (await challengeFor(session, ip)).challenge, recoveryCode: first }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect(await t.secondFactor({ challenge: (await challengeFor(session, ip)).challenge, recoveryCode: recoveryCodes[1]! }, ip)).toMatchObject({ status: 200 });
  });

  it('offers recovery only while an unused recovery code is left', async () => {
    const { session, ip } = await medicWithTotp();
    await rawRun(app.deps.db, "update recovery_codes set used_at = '2026-01-01T00:00:00.000Z' where user_id = ?", [session.user.idUser]);
    expect((await challengeFor(session, ip)).methods).toEqual(['totp']);
  });

  it('hands out a secret and an otpauth URI named for the practice and the user, not active until enabled', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('setup') });
    const setup = await t.totpSetup(session.access_token);
    expect(setup).toMatchObject({ status: 200, body: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) } });
    const uri = new URL(setup.body.otpauthUri);
    expect(decodeURIComponent(uri.pathname)).toBe(`/Clínica Norte:${session.user.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Clínica Norte');
    expect(uri.searchParams.get('secret')).toBe(setup.body.secret);
    // Not a second factor yet: the password alone still signs in, and the profile says so.
    expect((await t.login(session.user.email, TEST_PASSWORD, freshAddress())).body).toHaveProperty('access_token');
    expect((await t.profile(session.access_token)).body.user.twoFactor).toEqual({ totp: false, passkeys: 0 });
    // A second setup replaces the first secret: the first one's code no longer enables.
    const again = await t.totpSetup(session.access_token);
    expect(again.body.secret).not.toBe(setup.body.secret);
    expect(await t.totpEnable(session.access_token, codeAt(setup.body.secret, clock.now))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await t.totpEnable(session.access_token, codeAt(again.body.secret, clock.now))).status).toBe(200);
  });

  it('enables TOTP with the first right code: ten recovery codes xxxxx-xxxxx, shown once, stored hashed', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('enable') });
    const { secret } = (await t.totpSetup(session.access_token)).body;
    const enabled = await t.totpEnable(session.access_token, codeAt(secret, clock.now));
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      expect(recoveryCodeSchema.safeParse(code).success).toBe(true);
    }
    const stored = await rawRows<{ code_hash: string }>(app.deps.db, 'select code_hash from recovery_codes where user_id = ?', [session.user.idUser]);
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(codes.map((code) => code.replace('-', ''))).not.toContain(code_hash);
    expect((await t.profile(session.access_token)).body.user.twoFactor).toEqual({ totp: true, passkeys: 0 });
    expect(await auditOf(app, session.user.idUser, 'auth.totpEnable')).toEqual([{ action: 'auth.totpEnable', outcome: 'success', detail: '10 recovery codes' }]);
    // While it is on, setup is refused: a new secret would take the second factor away without the password.
    expect(await t.totpSetup(session.access_token)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses a wrong code at enable with 400 VALIDATION_FAILED on code (validation.codeInvalid), and enable without setup the same way', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('enable') });
    const noSetup = await t.totpEnable(session.access_token, '123456');
    expect(noSetup).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const { secret } = (await t.totpSetup(session.access_token)).body;
    const right = codeAt(secret, clock.now);
    const wrong = await t.totpEnable(session.access_token, String((Number(right) + 7) % 1_000_000).padStart(6, '0'));
    expect(wrong).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(wrong.body.issues).toEqual([{ path: 'code', message: t.name === 'REST' ? expect.any(String) : 'validation.codeInvalid' }]);
    expect((await t.profile(session.access_token)).body.user.twoFactor.totp).toBe(false);
  });

  it('disables TOTP with the password (a wrong one is 401 INVALID_CREDENTIALS, counted like a sign-in); then the password alone signs in', async () => {
    const { session, ip } = await medicWithTotp();
    const wrong = await t.totpDisable(session.access_token, 'not-the-password', ip);
    expect(wrong).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    const disabled = await t.totpDisable(session.access_token, TEST_PASSWORD, ip);
    expect(disabled.status).toBe(t.name === 'REST' ? 204 : 200);
    const rows = async (table: string) => (await rawGet<{ n: number }>(app.deps.db, `select count(*) as n from ${table} where user_id = ?`, [session.user.idUser]))!.n;
    expect([await rows('totp_secrets'), await rows('recovery_codes')]).toEqual([0, 0]);
    expect((await t.login(session.user.email, TEST_PASSWORD, ip)).body).toHaveProperty('access_token');
    expect((await auditOf(app, session.user.idUser, 'auth.totpDisable')).map((event) => event.outcome)).toEqual(['failure', 'success']);
  });
});

describe('TOTP through REST only', () => {
  it('answers POST /api/auth/totp/disable with 204 and no body, and every failure with the documented error body', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('rest') });
    await enableTotpFor(app, clock, session);
    const disabled = await app.inject({ method: 'POST', url: '/api/auth/totp/disable', headers: { authorization: `Bearer ${session.access_token}` }, payload: { password: TEST_PASSWORD } });
    expect([disabled.statusCode, disabled.body]).toEqual([204, '']);
    const refused = await app.inject({ method: 'POST', url: '/api/auth/login/second-factor', payload: { challenge: 'gone', code: '000000' } });
    expect(refused.json()).toEqual({ statusCode: 401, error: 'Unauthorized', code: 'INVALID_CODE', message: expect.any(String) });
  });

  it('refuses a tRPC batch that carries a second-factor code (400), so codes cannot arrive many to a request', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/trpc/auth.loginSecondFactor,auth.loginSecondFactor?batch=1',
      payload: { 0: { challenge: 'x', code: '111111' }, 1: { challenge: 'x', code: '222222' } },
      remoteAddress: freshAddress(),
    });
    expect(answer.statusCode).toBe(400);
  });

  it('asks for TOTP setup, enable and disable with a session (401 without one)', async () => {
    for (const path of ['/auth/totp/setup', '/auth/totp/enable', '/auth/totp/disable']) {
      const answer = await app.inject({ method: 'POST', url: `/api${path}`, payload: { code: '123456', password: 'x' } });
      expect([answer.statusCode, answer.json().code], path).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});
