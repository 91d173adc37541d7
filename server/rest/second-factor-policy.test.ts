// The practice's second-factor policy (API.md "Second factor, passkeys and oversight"):
// once the administrator sets requireTwoFactorForMedics, a medic without a second factor gets
// 403 TWO_FACTOR_REQUIRED on every call but the profile, logout, change-password and the setup
// calls, on every route of the table, the document routes and the audit CSV alike. Patients and
// medics with a factor work as before, and setting one up frees the same session at once.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRows } from '../db/raw-sql';
import { classifyError } from '../error-mapping';
import { samplePng } from '../test/sample-files';
import { bearer, callerFor, register, TEST_PASSWORD, uniqueEmail } from '../test/helpers';
import { restRoutes } from './routes';
import { codeAt, enableTotpFor, secondFactorApp, type TestClock } from './second-factor.fixture';

/** The calls a medic held back by the policy may still make: how they see themselves, leave, and set a factor up. */
const OPEN_UNDER_POLICY = new Set([
  'auth.profile',
  'auth.logout',
  'auth.changePassword',
  'auth.totpSetup',
  'auth.totpEnable',
  'auth.passkeyRegistrationOptions',
  'auth.passkeyRegistration',
  'auth.passkeys',
]);

let app: FastifyInstance;
let clock: TestClock;
let admin: Session;
let medic: Session;
let patient: Session;

const urlOf = (path: string) => `/api${path.replace(/:\w+/g, '1')}`;
const send = (method: string, path: string, session?: Session, payload?: object) =>
  app.inject({ method: method as 'GET', url: urlOf(path), headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });
const codeOf = (response: LightMyRequestResponse) => (response.body ? (response.json() as { code?: string }).code : undefined);
const setPolicy = (on: boolean, by: Session = admin) => send('PATCH', '/admin/practice', by, { requireTwoFactorForMedics: on });

/** The routes of the table that answer a caller without a token something other than 401: sign-in and registration. */
async function routesOpenToAnyone(): Promise<Set<string>> {
  const open = new Set<string>();
  for (const route of restRoutes) {
    const answer = await send(route.method, route.path, undefined, route.method === 'GET' ? undefined : {});
    if (answer.statusCode !== 401) open.add(route.procedure);
  }
  return open;
}

beforeAll(async () => {
  ({ app, clock } = await secondFactorApp());
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin') });
  // The administrator is a medic too: with a factor of their own, the policy does not hold them back.
  await enableTotpFor(app, clock, admin);
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
});
afterAll(() => app.close());

describe('requireTwoFactorForMedics', () => {
  it('is off by default, set by the administrator alone, shown in Practice, and audited with its value', async () => {
    expect((await send('GET', '/practice', patient)).json().requireTwoFactorForMedics).toBe(false);
    expect(codeOf(await setPolicy(true, patient))).toBe('FORBIDDEN');
    expect((await setPolicy(true, medic)).statusCode).toBe(403);
    const refused = await send('PATCH', '/admin/practice', admin, { requireTwoFactorForMedics: 'yes' });
    expect([refused.statusCode, refused.json().issues[0].path]).toEqual([400, 'requireTwoFactorForMedics']);
    const set = await setPolicy(true);
    expect([set.statusCode, set.json().requireTwoFactorForMedics]).toEqual([200, true]);
    expect((await send('GET', '/practice', patient)).json().requireTwoFactorForMedics).toBe(true);
    const event = (await rawGet<{ detail: string }>(app.deps.db, "select detail from audit_events where action = 'admin.updatePractice' order by id desc limit 1"))!;
    expect(event.detail).toBe('requireTwoFactorForMedics=true');
    await setPolicy(false);
  });

  describe('while it is on', () => {
    beforeAll(async () => {
      expect((await setPolicy(true)).statusCode).toBe(200);
    });
    afterAll(async () => {
      await setPolicy(false);
    });

    it('answers a medic without a second factor 403 TWO_FACTOR_REQUIRED on every route of the table but the profile, logout, change-password and setup calls', async () => {
      const anyone = await routesOpenToAnyone();
      const held: string[] = [];
      for (const route of restRoutes) {
        // Signing out would end the session the rest of the file uses: it has its own test below.
        if (anyone.has(route.procedure) || route.procedure === 'auth.logout') continue;
        const answer = await send(route.method, route.path, medic, route.method === 'GET' ? undefined : {});
        const label = `${route.method} ${route.path} (${route.procedure})`;
        if (OPEN_UNDER_POLICY.has(route.procedure)) {
          expect(codeOf(answer), label).not.toBe('TWO_FACTOR_REQUIRED');
          expect(answer.statusCode, label).not.toBe(401);
        } else {
          expect([answer.statusCode, codeOf(answer)], label).toEqual([403, 'TWO_FACTOR_REQUIRED']);
          held.push(label);
        }
      }
      // Not vacuous: the table's medic, patient and administrator routes were all tried.
      expect(held.length).toBeGreaterThan(50);
      // What answers without a token is signing in and registering, nothing else.
      expect([...anyone]).toEqual(expect.arrayContaining(['auth.register', 'auth.login', 'auth.loginSecondFactor']));
      expect([...anyone].filter((procedure) => !/^auth\.(register|login|passkeyAuthentication)/.test(procedure))).toEqual([]);
    });

    it('answers the document routes and the audit CSV 403 TWO_FACTOR_REQUIRED too, audited', async () => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(samplePng)], { type: 'image/png' }), 'scan.png');
      const answers: [string, LightMyRequestResponse][] = [
        ['upload', await app.inject({ method: 'POST', url: '/api/medics/patients/1/files', headers: bearer(medic.access_token), payload: body })],
        ['medic download', await send('GET', '/medics/files/abc', medic)],
        ['patient download', await send('GET', '/patients/me/files/abc', medic)],
        ['audit CSV', await send('GET', '/admin/audit.csv', medic)],
      ];
      for (const [label, answer] of answers) expect([answer.statusCode, codeOf(answer)], label).toEqual([403, 'TWO_FACTOR_REQUIRED']);
      const refusals = await rawRows<{ action: string }>(
        app.deps.db,
        "select action from audit_events where actor_user_id = ? and detail = 'TWO_FACTOR_REQUIRED' and action in ('files.upload', 'files.download', 'audit.export')",
        [medic.user.idUser],
      );
      expect(refusals.map((row) => row.action).sort()).toEqual(['audit.export', 'files.download', 'files.download', 'files.upload']);
    });

    it('holds the medic back through tRPC the same way, and leaves the profile and setup calls open', async () => {
      const as = callerFor(app, medic.access_token);
      const refusal = async (work: () => Promise<unknown>) => {
        try {
          await work();
          return null;
        } catch (error) {
          return classifyError(error).code;
        }
      };
      expect(await refusal(() => as.medics.myPatients())).toBe('TWO_FACTOR_REQUIRED');
      expect(await refusal(() => as.practice.info())).toBe('TWO_FACTOR_REQUIRED');
      expect(await refusal(() => as.auth.totpDisable({ password: 'x' }))).toBe('TWO_FACTOR_REQUIRED');
      expect((await as.auth.profile()).user.twoFactor).toEqual({ totp: false, passkeys: 0 });
      expect(await refusal(() => as.auth.totpSetup({ password: TEST_PASSWORD }))).toBeNull();
    });

    it('leaves patients alone', async () => {
      for (const path of ['/patients/me', '/practice', '/auth/profile']) expect((await send('GET', path, patient)).statusCode, path).toBe(200);
    });

    it('leaves a medic with TOTP alone', async () => {
      expect((await send('GET', '/medics/my-patients', admin)).statusCode).toBe(200);
      expect((await send('GET', '/admin/audit.csv', admin)).statusCode).toBe(200);
    });

    it('frees the same session once the medic enables TOTP', async () => {
      const other = await register(app, { type: 'medic', email: uniqueEmail('other') });
      expect(codeOf(await send('GET', '/medics/my-patients', other))).toBe('TWO_FACTOR_REQUIRED');
      const setup = await send('POST', '/auth/totp/setup', other, { password: TEST_PASSWORD });
      const enabled = await send('POST', '/auth/totp/enable', other, { code: codeAt(setup.json().secret, clock.now) });
      expect(enabled.statusCode).toBe(200);
      expect((await send('GET', '/medics/my-patients', other)).statusCode).toBe(200);
    });

    it('lets the held-back medic sign out (204)', async () => {
      const leaving = await register(app, { type: 'medic', email: uniqueEmail('leaving') });
      expect((await send('POST', '/auth/logout', leaving)).statusCode).toBe(204);
      expect((await send('GET', '/auth/profile', leaving)).statusCode).toBe(401);
    });
  });

  it('frees every medic again when it is turned off', async () => {
    expect((await send('GET', '/medics/my-patients', medic)).statusCode).toBe(200);
  });
});
