// The sign-in limits counted in the database: the same rules as ever, and one count for every
// server that shares the database.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { engineOf, type Db } from '../db/engine';
import { rawRows } from '../db/raw-sql';
import { StoredSignInFailures } from './stored-sign-in-failures';

const limits = { windowMs: 60_000, perAddress: 8, perAccountFromAddress: 3, perAccountFromNewAddresses: 6 };

let db: Db | undefined;
afterEach(() => {
  if (db) engineOf(db).close();
  db = undefined;
});
const fresh = () => (db = openDatabase(':memory:'));

describe('sign-in failures kept in the database', () => {
  it('forgets failures older than the window', async () => {
    let now = 1_000_000;
    const failures = new StoredSignInFailures(fresh(), limits, () => now);
    for (let i = 0; i < 3; i++) await failures.recordFailure('10.0.0.1', 'a@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'A@B.CO')).toBe(true);
    now += 60_001;
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
  });

  it('clears the account-and-address count on success', async () => {
    const failures = new StoredSignInFailures(fresh(), limits);
    for (let i = 0; i < 2; i++) await failures.recordFailure('10.0.0.1', 'a@b.co');
    await failures.recordSuccess('10.0.0.1', 'a@b.co');
    await failures.recordFailure('10.0.0.1', 'a@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
  });

  it('counts a reserved attempt at once, keeps it counted when it fails and withdraws it when it succeeds', async () => {
    const failures = new StoredSignInFailures(fresh(), limits);
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
    const failures = new StoredSignInFailures(fresh(), limits);
    await failures.recordSuccess('10.0.0.1', 'a@b.co');
    for (let i = 0; i < 6; i++) await failures.recordFailure(`10.9.0.${i}`, 'a@b.co');
    expect(await failures.isBlocked('10.9.0.99', 'a@b.co')).toBe(true);
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
  });

  it('forgets every count against an account when told to, and keeps the counts against the address', async () => {
    const failures = new StoredSignInFailures(fresh(), { ...limits, perAddress: 4 });
    for (let i = 0; i < 3; i++) await failures.recordFailure('10.0.0.1', 'a@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(true);
    await failures.forgetAccount('A@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'a@b.co')).toBe(false);
    await failures.recordFailure('10.0.0.1', 'other@b.co');
    expect(await failures.isBlocked('10.0.0.1', 'third@b.co')).toBe(true);
  });

  it('keeps no email or address in the clear', async () => {
    const failures = new StoredSignInFailures(fresh(), limits);
    await failures.recordFailure('10.0.0.1', 'secret.person@b.co');
    await failures.recordSuccess('10.0.0.2', 'secret.person@b.co');
    const stored = JSON.stringify([...(await rawRows(db!, 'select * from sign_in_attempts')), ...(await rawRows(db!, 'select * from sign_in_trusted_addresses'))]);
    expect(stored).not.toMatch(/secret|10\.0\.0/);
    expect(stored.length).toBeGreaterThan(100);
  });
});
