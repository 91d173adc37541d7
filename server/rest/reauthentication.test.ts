// A stolen session cannot take over an account (API.md "Account changes that need the password
// again"): setting up TOTP, turning it off, starting a passkey's registration and removing a passkey
// need the account's password again, through REST and tRPC alike. Without it 403
// REAUTHENTICATION_REQUIRED and nothing changes; a wrong one 401 INVALID_CREDENTIALS, counted against
// the sign-in limits; both audited. And an administrator's reset lets its owner sign in at once.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, TEST_PASSWORD, uniqueEmail } from '../test/helpers';
import {
  auditOf,
  bothTransports,
  enableTotpFor,
  freshAddress,
  givePasskey as givePasskeyTo,
  rowsOf as rowsOfUser,
  secondFactorApp,
  type SecondFactorCalls,
  type TestClock,
} from './second-factor.fixture';
import { injectOutcome, procedureOutcome, type Outcome } from '../test/transports';
import { callerFor } from '../test/helpers';

let app: FastifyInstance;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  ({ app, clock } = await secondFactorApp());
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin') });
});
afterAll(() => app.close());

const rowsOf = (table: string, userId: number) => rowsOfUser(app, table, userId);
const givePasskey = (userId: number) => givePasskeyTo(app, userId);

/** The passkey calls of both transports, with the password or (null) without it. */
function passkeyCalls(name: 'REST' | 'tRPC', ip: string) {
  if (name === 'REST') {
    const body = (password: string | null) => (password === null ? {} : { payload: { password } });
    return {
      options: (token: string, password: string | null): Promise<Outcome> =>
        injectOutcome(app, { method: 'POST', url: '/api/auth/passkeys/registration-options', token, ip, ...body(password) }),
      remove: (token: string, idPasskey: number, password: string | null): Promise<Outcome> =>
        injectOutcome(app, { method: 'DELETE', url: `/api/auth/passkeys/${idPasskey}`, token, ip, ...body(password) }),
    };
  }
  return {
    options: (token: string, password: string | null) =>
      procedureOutcome(() => callerFor(app, token, ip).auth.passkeyRegistrationOptions(password === null ? undefined : { password })),
    remove: (token: string, idPasskey: number, password: string | null) =>
      procedureOutcome(() => callerFor(app, token, ip).auth.deletePasskey({ idPasskey, ...(password === null ? {} : { password }) })),
  };
}

describe.each(bothTransports)('changes to second factors through %s', (name, transport) => {
  let t: SecondFactorCalls;
  beforeAll(() => {
    t = transport(app);
  });

  it('refuses to set up TOTP with a session alone (403), or a wrong password (401), and keeps no secret', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('stolen-setup') });
    expect(await t.totpSetup(session.access_token, null)).toMatchObject({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
    expect(await t.totpSetup(session.access_token, '')).toMatchObject({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
    expect(await t.totpSetup(session.access_token, 'not-the-password')).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(await rowsOf('totp_secrets', session.user.idUser)).toBe(0);
    expect((await auditOf(app, session.user.idUser, 'auth.totpSetup')).map((event) => [event.outcome, event.detail])).toEqual([
      ['denied', 'REAUTHENTICATION_REQUIRED'],
      ['denied', 'REAUTHENTICATION_REQUIRED'],
      ['failure', 'INVALID_CREDENTIALS'],
    ]);
    expect((await t.totpSetup(session.access_token, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses to turn TOTP off with a session alone, and it stays on', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('stolen-disable') });
    await enableTotpFor(app, clock, session);
    expect(await t.totpDisable(session.access_token, null, freshAddress())).toMatchObject({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
    expect((await t.profile(session.access_token)).body.user.twoFactor.totp).toBe(true);
  });

  it("refuses to start a passkey's registration with a session alone, so no ceremony can add the thief's key", async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('stolen-passkey') });
    const calls = passkeyCalls(name, freshAddress());
    expect(await calls.options(session.access_token, null)).toMatchObject({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
    expect(await calls.options(session.access_token, 'not-the-password')).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(await rowsOf('webauthn_challenges', session.user.idUser)).toBe(0);
    expect((await calls.options(session.access_token, TEST_PASSWORD)).status).toBe(200);
    expect(await rowsOf('webauthn_challenges', session.user.idUser)).toBe(1);
  });

  it('refuses to remove a passkey with a session alone, and it stays', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('stolen-remove') });
    const idPasskey = await givePasskey(session.user.idUser);
    const calls = passkeyCalls(name, freshAddress());
    expect(await calls.remove(session.access_token, idPasskey, null)).toMatchObject({ status: 403, code: 'REAUTHENTICATION_REQUIRED' });
    expect(await calls.remove(session.access_token, idPasskey, 'not-the-password')).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(await rowsOf('passkeys', session.user.idUser)).toBe(1);
    expect((await calls.remove(session.access_token, idPasskey, TEST_PASSWORD)).status).toBe(name === 'REST' ? 204 : 200);
    expect(await rowsOf('passkeys', session.user.idUser)).toBe(0);
  });

  it('counts wrong passwords against the sign-in limits: guessing is stopped at five, the right one too', async () => {
    const session = await register(app, { type: 'medic', email: uniqueEmail('guessing') });
    const calls = passkeyCalls(name, freshAddress());
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await calls.options(session.access_token, `guess-${guess}-wrong`)).code).toBe('INVALID_CREDENTIALS');
    }
    expect(await calls.options(session.access_token, TEST_PASSWORD)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('lets a user whose wrong codes closed the sign-in limit sign in at once after an administrator resets their factor', async () => {
    const user = await register(app, { type: 'medic', email: uniqueEmail('locked-out') });
    await enableTotpFor(app, clock, user);
    const ip = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const pending = await t.login(user.user.email, TEST_PASSWORD, ip);
      if (pending.status !== 200 || !('challenge' in pending.body)) break;
      await t.secondFactor({ challenge: pending.body.challenge, code: '000000' }, ip);
    }
    expect(await t.login(user.user.email, TEST_PASSWORD, ip)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await t.resetSecondFactor(admin.access_token, user.user.idUser)).status).toBe(name === 'REST' ? 204 : 200);
    expect((await t.login(user.user.email, TEST_PASSWORD, ip)).body).toHaveProperty('access_token');
  });
});
