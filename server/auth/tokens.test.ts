// A token is honoured only while it is authentic, unexpired and its session is live.
import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, callerFor, register, testConfig } from '../test/helpers';
import { pruneEndedSessions } from './sessions';
import { rawRun } from '../db/raw-sql';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ sessionHours: 12 }) });
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

const profileStatus = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) })).statusCode;

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('access tokens', () => {
  it('carry a session id and expire after SESSION_HOURS', async () => {
    const { access_token } = await register(app);
    const claims = decode(access_token);
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('are refused once SESSION_HOURS have passed', async () => {
    const { access_token } = await register(app);
    expect(await profileStatus(access_token)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 12 * 3_600_000 + 1_000);
    expect(await profileStatus(access_token)).toBe(401);
  });

  it('are refused when their payload was altered', async () => {
    const victim = await register(app);
    const attacker = await register(app);
    const [header, , signature] = attacker.access_token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decode(attacker.access_token), sub: String(victim.user.idUser) })).toString('base64url');
    expect(await profileStatus(`${header}.${forgedPayload}.${signature}`)).toBe(401);
  });

  it('are refused when their signature was altered', async () => {
    const { access_token } = await register(app);
    // A middle character: the last one of a base64url HMAC may only carry padding bits.
    const [header, payload, signature] = access_token.split('.') as [string, string, string];
    const middle = Math.floor(signature.length / 2);
    const altered = signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
    expect(await profileStatus(`${header}.${payload}.${altered}`)).toBe(401);
  });

  it('are refused when signed with another secret, even for a live session', async () => {
    const { access_token } = await register(app);
    const other = Fastify();
    await other.register(fastifyJwt, { secret: 'some-other-secret-that-is-long-enough' });
    await other.ready();
    const { sid, sub } = decode(access_token);
    const forged = other.jwt.sign({ sid, sub });
    await other.close();
    expect(await profileStatus(forged)).toBe(401);
  });

  it('are refused when their session id is unknown', async () => {
    const { access_token, user } = await register(app);
    expect(await profileStatus(access_token)).toBe(200);
    expect(await profileStatus(app.jwt.sign({ sid: 'no-such-session', sub: String(user.idUser) }))).toBe(401);
  });

  it('keep working when sessions that ended over 30 days ago are pruned', async () => {
    const { access_token, user } = await register(app);
    const longAgo = new Date(Date.now() - 31 * 24 * 3_600_000).toISOString();
    await rawRun(app.deps.db, "insert into sessions (id, user_id, created_at, expires_at) values ('ended-long-ago', ?, ?, ?)", [user.idUser, longAgo, longAgo]);
    expect(await pruneEndedSessions(app.deps.db)).toBe(1);
    expect(await profileStatus(access_token)).toBe(200);
  });

  it('are refused through tRPC too, with the UNAUTHENTICATED code', async () => {
    await expect(callerFor(app, 'not.a.token').auth.profile()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      cause: { code: 'UNAUTHENTICATED' },
    });
  });
});
