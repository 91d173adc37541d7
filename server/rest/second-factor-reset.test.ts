// The administrator's second-factor reset (API.md "Second factor, passkeys and oversight"): for a
// user who lost their phone and their recovery codes. Their factors and sessions are gone, their
// password stays; only the administrator may do it, and the trail says who did it to whom.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
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

let app: FastifyInstance;
let clock: TestClock;
let admin: Session;
beforeAll(async () => {
  ({ app, clock } = await secondFactorApp());
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin') });
});
afterAll(() => app.close());

const rowsOf = (table: string, userId: number) => rowsOfUser(app, table, userId);
const givePasskey = (userId: number) => givePasskeyTo(app, userId);

describe.each(bothTransports)('resetting a second factor through %s', (_name, transport) => {
  let t: SecondFactorCalls;
  beforeAll(() => {
    t = transport(app);
  });

  it("removes the user's TOTP, recovery codes and passkeys and ends their sessions; the password alone signs in next", async () => {
    const user = await register(app, { type: 'medic', email: uniqueEmail('lost-phone') });
    await enableTotpFor(app, clock, user);
    await givePasskey(user.user.idUser);
    expect((await t.profile(user.access_token)).body.user.twoFactor).toEqual({ totp: true, passkeys: 1 });
    const ip = freshAddress();
    const pending = (await t.login(user.user.email, TEST_PASSWORD, ip)).body;
    expect(pending.methods).toEqual(['totp', 'recovery', 'passkey']);

    const reset = await t.resetSecondFactor(admin.access_token, user.user.idUser);
    expect(reset.status).toBe(t.name === 'REST' ? 204 : 200);
    const left: number[] = [];
    for (const table of ['totp_secrets', 'recovery_codes', 'passkeys', 'sign_in_challenges']) left.push(await rowsOf(table, user.user.idUser));
    expect(left).toEqual([0, 0, 0, 0]);
    expect(await t.profile(user.access_token)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    const login = await t.login(user.user.email, TEST_PASSWORD, ip);
    expect(login.body).toMatchObject({ access_token: expect.any(String), user: { twoFactor: { totp: false, passkeys: 0 } } });
    // The challenge opened before the reset opened nothing after it.
    expect(await t.secondFactor({ challenge: pending.challenge, code: '000000' }, ip)).toMatchObject({ status: 401, code: 'INVALID_CODE' });
    expect((await auditOf(app, admin.user.idUser, 'admin.resetSecondFactor')).at(-1)).toEqual({
      action: 'admin.resetSecondFactor',
      outcome: 'success',
      detail: `user ${user.user.idUser}`,
    });
  });

  it('is the administrator\'s alone: another medic and a patient get 403 and nothing changes, audited', async () => {
    const user = await register(app, { type: 'medic', email: uniqueEmail('kept') });
    await enableTotpFor(app, clock, user);
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient') });
    for (const caller of [medic, patient]) {
      expect(await t.resetSecondFactor(caller.access_token, user.user.idUser)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await auditOf(app, caller.user.idUser, 'admin.resetSecondFactor')).toEqual([{ action: 'admin.resetSecondFactor', outcome: 'denied', detail: 'FORBIDDEN' }]);
    }
    expect(await rowsOf('totp_secrets', user.user.idUser)).toBe(1);
    expect((await t.profile(user.access_token)).status).toBe(200);
  });

  it('answers 404 for an account that does not exist, and 403 for the administrator\'s own', async () => {
    expect(await t.resetSecondFactor(admin.access_token, 999_999)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await t.resetSecondFactor(admin.access_token, admin.user.idUser)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await t.profile(admin.access_token)).status).toBe(200);
  });
});
