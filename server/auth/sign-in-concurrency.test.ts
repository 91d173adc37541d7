// The reproduction: sign-in limits bypassed by concurrency. Attempts are counted before the
// hash is checked, so however guesses arrive (parallel requests, a tRPC batch) at most the limit
// of them is ever checked, and the right password after them is refused too.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, callerFor, loginRequest, register, TEST_PASSWORD } from '../test/helpers';
import { rawGet } from '../db/raw-sql';

let app: FastifyInstance;
let email: string;
beforeEach(async () => {
  app = await buildTestApp();
  email = (await register(app, { type: 'patient' })).user.email;
});
afterEach(() => app.close());

/** Password checks that actually ran: each leaves a 'wrong password' failure in the audit trail. */
const checkedGuesses = async () =>
  (await rawGet<{ n: number }>(app.deps.db, "select count(*) as n from audit_events where action = 'auth.login' and detail = 'wrong password'"))!.n;

describe('sign-in limits under concurrency', () => {
  it('checks at most 5 of 50 parallel wrong guesses for one account from one address, then refuses the right password with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => loginRequest(app, email, `wrong-guess-${i}`, '10.20.0.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(await checkedGuesses()).toBe(5);
    expect((await loginRequest(app, email, TEST_PASSWORD, '10.20.0.1')).statusCode).toBe(429);
  });

  it('checks at most 5 of 50 concurrent tRPC sign-ins, then refuses the right password', async () => {
    const caller = callerFor(app, undefined, '10.20.0.2');
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => caller.auth.login({ email, password: `wrong-guess-${i}` })));
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(await checkedGuesses()).toBe(5);
    await expect(caller.auth.login({ email, password: TEST_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('refuses sign-in calls inside a tRPC batch without checking any password', async () => {
    const batch = (size: number) => {
      const paths = Array.from({ length: size }, () => 'auth.login').join(',');
      const input = Object.fromEntries(Array.from({ length: size }, (_, i) => [i, { email, password: `wrong-${i}` }]));
      return app.inject({ method: 'POST', url: `/trpc/${paths}?batch=1`, payload: input, remoteAddress: '10.20.0.3' });
    };
    const ten = await batch(10);
    const answers = ten.json<{ error: { data: { appCode: string } } }[]>();
    expect(answers).toHaveLength(10);
    expect(answers.every((answer) => answer.error.data.appCode === 'VALIDATION_FAILED')).toBe(true);
    // Over the batch limit, the whole request is refused.
    expect((await batch(50)).statusCode).toBe(400);
    expect(await checkedGuesses()).toBe(0);
    // One call alone is still fine.
    const single = await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { email, password: TEST_PASSWORD }, remoteAddress: '10.20.0.3' });
    expect(single.statusCode).toBe(200);
  });

  it.each([['%2C'], ['%2c']])('refuses a sign-in batch whose comma is written %s with 400, checking no password', async (comma) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/trpc/auth.login${comma}auth.login?batch=1`,
      payload: { 0: { email, password: 'wrong-0' }, 1: { email, password: TEST_PASSWORD } },
      remoteAddress: '10.20.0.4',
    });
    expect(answer.statusCode).toBe(400);
    const answers = answer.json<{ error: { data: { appCode: string } } }[]>();
    expect(answers.map((one) => one.error.data.appCode)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect(await checkedGuesses()).toBe(0);
    expect(await rawGet(app.deps.db, "select count(*) as n from audit_events where action = 'auth.login' and outcome = 'success'")).toEqual({ n: 0 });
  });

  it('lets a batch of up to 10 other calls through', async () => {
    const session = await register(app, { type: 'patient' });
    const paths = Array.from({ length: 10 }, () => 'patients.me').join(',');
    const answer = await app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input={}`, headers: { authorization: `Bearer ${session.access_token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveLength(10);
  });
});

describe('behind a reverse proxy', () => {
  it("counts failures per forwarded client address only when TRUST_PROXY is set, so one person's guesses do not lock out everyone", async () => {
    const proxied = await buildTestApp({ config: { ...app.deps.config, trustProxy: ['127.0.0.1'] } });
    try {
      const victim = (await register(proxied, { type: 'patient' })).user.email;
      const viaProxy = (password: string, client: string) =>
        proxied.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim, password }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 5; i++) expect((await viaProxy('wrong', '198.51.100.7')).statusCode).toBe(401);
      expect((await viaProxy(TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
      expect((await viaProxy(TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a forged header moves nothing: the guesser stays one address.
    for (let i = 0; i < 5; i++) {
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' }, remoteAddress: '10.30.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    }
    const forged = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: '10.30.0.1', headers: { 'x-forwarded-for': '192.0.2.200' } });
    expect(forged.statusCode).toBe(429);
  });
});
