// The React client talks tRPC over HTTP: errors carry the documented status and a code it translates.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../db/engine';
import { buildTestApp, callerFor, register } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const trpcPost = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: input as object });

describe('tRPC over HTTP', () => {
  it('answers a wrong password with HTTP 401 and appCode INVALID_CREDENTIALS', async () => {
    const account = await register(app);
    const response = await trpcPost('auth.login', { email: account.user.email, password: 'wrong' });
    expect(response.statusCode).toBe(401);
    const { error } = response.json();
    expect(error.data).toMatchObject({ httpStatus: 401, appCode: 'INVALID_CREDENTIALS' });
    expect(error.data.stack).toBeUndefined();
  });

  it('answers invalid input with 400 and the issues as i18n keys', async () => {
    const response = await trpcPost('auth.register', { name: 'A', lname: 'B', email: 'x', password: '123456', type: 'medic' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data).toMatchObject({
      appCode: 'VALIDATION_FAILED',
      issues: [{ path: 'email', message: 'validation.emailInvalid' }],
    });
  });

  it('answers a conflict with HTTP 409 EMAIL_TAKEN', async () => {
    const account = await register(app);
    const response = await trpcPost('auth.register', { name: 'A', lname: 'B', email: account.user.email, password: '123456', type: 'medic' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.data.appCode).toBe('EMAIL_TAKEN');
  });

  it('serves the same procedures to the in-process caller', async () => {
    const account = await register(app, { type: 'medic' });
    await expect(callerFor(app, account.access_token).auth.profile()).resolves.toEqual({ user: account.user });
    await expect(callerFor(app).auth.profile()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('never sends a stack trace or internals in a 5xx', async () => {
    const broken = await buildTestApp();
    // The database's connections closed under the running app: every query fails.
    await engineOf(broken.deps.db).close();
    const rest = await broken.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'x' } });
    expect(rest.statusCode).toBe(500);
    expect(rest.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: expect.any(String),
    });
    expect(rest.body).not.toMatch(/database|at .*\.ts|stack/i);
    const trpc = await broken.inject({ method: 'POST', url: '/trpc/auth.login', payload: { email: 'a@b.co', password: 'x' } });
    expect(trpc.statusCode).toBe(500);
    expect(trpc.body).not.toMatch(/database connection|\.ts:\d+|"stack"/i);
    await broken.close();
  });
});
