// Failed sign-ins are limited per address and per email, without letting an attacker lock a
// user out from everywhere.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, errorOf, loginRequest, register, uniqueEmail } from '../test/helpers';
import { openDatabase } from '../db/client';
import { engineOf, type Db } from '../db/engine';
import { rawRows } from '../db/raw-sql';
import { SignInFailures } from './sign-in-failures';

let app: FastifyInstance;
afterEach(() => app?.close());

const limits = { windowMs: 60_000, perAddress: 8, perAccountFromAddress: 3, perAccountFromNewAddresses: 6 };

describe('failed sign-in limits', () => {
  it('answer 429 RATE_LIMITED after too many failures for one email from one address, even with the right password', async () => {
    app = await buildTestApp({ signInLimits: limits });
    const account = await register(app, { password: 'right-password' });
    for (let i = 0; i < 3; i++) expect((await loginRequest(app, account.user.email, 'wrong', '10.0.0.1')).statusCode).toBe(401);
    const blocked = await loginRequest(app, account.user.email, 'right-password', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
  });

  it("do not lock the account's owner out from another address", async () => {
    app = await buildTestApp({ signInLimits: limits });
    const account = await register(app, { password: 'right-password' });
    for (let i = 0; i < 4; i++) await loginRequest(app, account.user.email, 'wrong', '10.0.0.1');
    expect((await loginRequest(app, account.user.email, 'right-password', '10.0.0.2')).statusCode).toBe(200);
  });

  it('limit one address guessing at many accounts', async () => {
    app = await buildTestApp({ signInLimits: limits });
    const account = await register(app, { password: 'right-password' });
    for (let i = 0; i < 8; i++) await loginRequest(app, uniqueEmail('guess'), 'wrong', '10.0.0.9');
    expect((await loginRequest(app, account.user.email, 'right-password', '10.0.0.9')).statusCode).toBe(429);
    expect((await loginRequest(app, account.user.email, 'right-password', '10.0.0.10')).statusCode).toBe(200);
  });

  it('limit a guess at one account spread over many addresses, but not from where its owner signed in before', async () => {
    app = await buildTestApp({ signInLimits: limits });
    const account = await register(app, { password: 'right-password' });
    expect((await loginRequest(app, account.user.email, 'right-password', '192.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) await loginRequest(app, account.user.email, 'wrong', `198.51.100.${i}`);
    expect((await loginRequest(app, account.user.email, 'right-password', '203.0.113.7')).statusCode).toBe(429);
    expect((await loginRequest(app, account.user.email, 'right-password', '192.0.2.1')).statusCode).toBe(200);
  });

  it('refuse a flood of sign-in and register calls from one address before any hashing', async () => {
    app = await buildTestApp({ authFlood: { max: 3, timeWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await loginRequest(app, uniqueEmail(), 'whatever', '10.1.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await loginRequest(app, uniqueEmail(), 'whatever', '10.1.1.2')).statusCode).toBe(401);
  });
});

let db: Db | undefined;
afterEach(async () => {
  if (db) await engineOf(db).close();
  db = undefined;
});
const fresh = () => (db = openDatabase(':memory:'));

describe('SignInFailures, counted in the database', () => {
  it('forgets failures older than the window', async () => {
    let now = 1_000_000;
    const failures = new SignInFailures(fresh(), limits, () => now);
    for (let i = 0; i < 3; i++) await failures.recordFailure('10.0.0.1', 'a@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'A@B.CO')).toBe(true);
    now += 60_001;
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
  });

  it('clears the account-and-address count on success', async () => {
    const failures = new SignInFailures(fresh(), limits);
    for (let i = 0; i < 2; i++) await failures.recordFailure('10.0.0.1', 'a@b.co');
    await failures.recordSuccess('10.0.0.1', 'a@b.co');
    await failures.recordFailure('10.0.0.1', 'a@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
  });

  it('counts a reserved attempt at once, keeps it counted when it fails and withdraws it when it succeeds', async () => {
    const failures = new SignInFailures(fresh(), limits);
    const inFlight = await Promise.all([0, 1, 2].map(() => failures.reserve('10.0.0.1', 'a@b.co')));
    expect(inFlight.every(Boolean)).toBe(true);
    // Three in flight, none settled: the fourth is refused before its password is checked.
    expect(await failures.reserve('10.0.0.1', 'a@b.co')).toBeNull();
    await inFlight[0]!.succeeded();
    await inFlight[1]!.withdrawn();
    inFlight[2]!.failed();
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
    expect(await failures.reserve('10.0.0.1', 'a@b.co')).not.toBeNull();
  });

  it('lets an account through from an address it signed in from, past the count of its new addresses', async () => {
    const failures = new SignInFailures(fresh(), limits);
    await failures.recordSuccess('10.0.0.1', 'a@b.co');
    for (let i = 0; i < 6; i++) await failures.recordFailure(`10.9.0.${i}`, 'a@b.co');
    expect(await failures.isBlocked('10.9.0.99', 'a@b.co')).toBe(true);
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
  });

  it('forgets every count against an account when told to, and keeps the counts against the address', async () => {
    const failures = new SignInFailures(fresh(), { ...limits, perAddress: 4 });
    for (let i = 0; i < 3; i++) await failures.recordFailure('10.0.0.1', 'a@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(true);
    await failures.forgetAccount('A@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
    await failures.recordFailure('10.0.0.1', 'other@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'third@b.co')).toBe(true);
  });

  it('keeps no email or address in the clear', async () => {
    const failures = new SignInFailures(fresh(), limits);
    await failures.recordFailure('10.0.0.1', 'secret.person@b.co');
    await failures.recordSuccess('10.0.0.2', 'secret.person@b.co');
    const stored = JSON.stringify([...(await rawRows(db!, 'select * from sign_in_attempts')), ...(await rawRows(db!, 'select * from sign_in_trusted_addresses'))]);
    expect(stored).not.toMatch(/secret|10\.0\.0/);
    expect(stored.length).toBeGreaterThan(100);
  });
});
