// For the second-factor tests (second-factor*.test.ts): an app whose clock the test moves, codes
// computed from a secret at that clock, and the second-factor calls through REST and through tRPC.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { Session } from '../../shared/auth';
import type { RecoveryCodes, SecondFactorInput, TotpSetup } from '../../shared/second-factor';
import { TOTP_PARAMETERS } from '../auth/second-factor/totp';
import { inTransaction } from '../db/in-transaction';
import { rawGet, rawRows } from '../db/raw-sql';
import { passkeys } from '../db/schema/index';
import { buildTestApp, callerFor, testConfig, TEST_PASSWORD } from '../test/helpers';
import { injectOutcome, procedureOutcome, type Outcome } from '../test/transports';

/** The practice's clock, as deps.now reads it: tests move it. */
export interface TestClock {
  now: Date;
  advance(ms: number): void;
}

export async function secondFactorApp(practiceName?: string): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock: TestClock = {
    now: new Date(),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildTestApp({ now: () => clock.now, config: testConfig({ practiceName }) });
  return { app, clock };
}

/** What an authenticator app shows for `secret` at `at`. */
export const codeAt = (secret: string, at: Date): string =>
  TOTP.generate({ ...TOTP_PARAMETERS, digits: 6, secret: Secret.fromBase32(secret), timestamp: at.getTime() });

export const TOTP_STEP_MS = 30_000;

let addresses = 0;
/** Each test signs in from its own address, so the sign-in limits one test reaches spare the others. */
export const freshAddress = () => {
  addresses += 1;
  return `10.23.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

export type { Outcome };

export interface SecondFactorCalls {
  name: 'REST' | 'tRPC';
  login(email: string, password: string, ip: string): Promise<Outcome>;
  secondFactor(answer: SecondFactorInput, ip: string): Promise<Outcome>;
  profile(token: string): Promise<Outcome>;
  /** With the account's password again, unless `password` is null (a stolen session's call). */
  totpSetup(token: string, password?: string | null): Promise<Outcome>;
  totpEnable(token: string, code: string): Promise<Outcome>;
  totpDisable(token: string, password: string | null, ip: string): Promise<Outcome>;
  resetSecondFactor(token: string, idUser: number | string): Promise<Outcome>;
}

export function restCalls(app: FastifyInstance): SecondFactorCalls {
  const call = (method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object; ip?: string } = {}) =>
    injectOutcome(app, { method, url: `/api${url}`, ...options });
  return {
    name: 'REST',
    login: (email, password, ip) => call('POST', '/auth/login', { payload: { email, password }, ip }),
    secondFactor: (answer, ip) => call('POST', '/auth/login/second-factor', { payload: answer, ip }),
    profile: (token) => call('GET', '/auth/profile', { token }),
    totpSetup: (token, password = TEST_PASSWORD) => call('POST', '/auth/totp/setup', { token, ...(password === null ? {} : { payload: { password } }) }),
    totpEnable: (token, code) => call('POST', '/auth/totp/enable', { token, payload: { code } }),
    totpDisable: (token, password, ip) => call('POST', '/auth/totp/disable', { token, ...(password === null ? {} : { payload: { password } }), ip }),
    resetSecondFactor: (token, idUser) => call('POST', `/admin/users/${idUser}/reset-second-factor`, { token }),
  };
}

export function trpcCalls(app: FastifyInstance): SecondFactorCalls {
  const run = procedureOutcome;
  const as = (token?: string, ip?: string) => callerFor(app, token, ip);
  return {
    name: 'tRPC',
    login: (email, password, ip) => run(() => as(undefined, ip).auth.login({ email, password })),
    secondFactor: (answer, ip) => run(() => as(undefined, ip).auth.loginSecondFactor(answer)),
    profile: (token) => run(() => as(token).auth.profile()),
    totpSetup: (token, password = TEST_PASSWORD) => run(() => as(token).auth.totpSetup(password === null ? undefined : { password })),
    totpEnable: (token, code) => run(() => as(token).auth.totpEnable({ code })),
    totpDisable: (token, password, ip) => run(() => as(token, ip).auth.totpDisable(password === null ? undefined : { password })),
    resetSecondFactor: (token, idUser) => run(() => as(token).admin.resetSecondFactor({ idUser: idUser as number })),
  };
}

export const bothTransports = [
  ['REST', restCalls],
  ['tRPC', trpcCalls],
] as const;

/**
 * TOTP set up and enabled for the account at the clock's time (through REST: the calls have tests
 * of their own), then the clock moved on a step: the code that enabled it cannot also sign in.
 */
export async function enableTotpFor(app: FastifyInstance, clock: TestClock, session: Session): Promise<TotpSetup & RecoveryCodes> {
  const calls = restCalls(app);
  const setup = await calls.totpSetup(session.access_token);
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const { secret, otpauthUri } = setup.body as TotpSetup;
  const enabled = await calls.totpEnable(session.access_token, codeAt(secret, clock.now));
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  clock.advance(TOTP_STEP_MS);
  return { secret, otpauthUri, recoveryCodes: (enabled.body as RecoveryCodes).recoveryCodes };
}

/** The audit events of a user for an action, oldest first. */
export const auditOf = (app: FastifyInstance, userId: number, action: string) =>
  rawRows<{ action: string; outcome: string; detail: string | null }>(
    app.deps.db,
    'select action, outcome, detail from audit_events where actor_user_id = ? and action = ? order by id',
    [userId, action],
  );

/** How many rows of `table` belong to the user (a factor, a challenge, a code). */
export const rowsOf = async (app: FastifyInstance, table: string, userId: number): Promise<number> =>
  (await rawGet<{ n: number }>(app.deps.db, `select count(*) as n from ${table} where user_id = ?`, [userId]))!.n;

/** A passkey row as registration leaves it, whoever registered it; its id. */
export const givePasskey = async (app: FastifyInstance, userId: number): Promise<number> => {
  // Awaited inside the callback: the insert must run in the transaction's async context.
  const [row] = await inTransaction(app.deps.db, async (tx) =>
    await tx
      .insert(passkeys)
      .values({ userId, credentialId: `credential-${userId}-${Math.random()}`, publicKey: Buffer.from([0]), name: 'Teléfono', createdAt: '2026-01-01T00:00:00.000Z' })
      .returning({ id: passkeys.id }),
  );
  return row!.id;
};
