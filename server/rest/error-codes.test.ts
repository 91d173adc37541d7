// Every error, tRPC's own and Fastify's own included, answers with a truthful
// code — never "Something went wrong on our side" for a request the client got wrong.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, errorOf } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('errors that come from the transport', () => {
  it.each([
    ['a mutation called with GET', 'GET', '/trpc/auth.login'],
    ['a query called with POST', 'POST', '/trpc/medics.searchDoctors'],
  ])('answers 405 METHOD_NOT_ALLOWED to %s over tRPC', async (_label, method, url) => {
    const response = await app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(405);
    expect(response.json().error).toMatchObject({
      message: 'This address does not accept that kind of request.',
      data: { httpStatus: 405, appCode: 'METHOD_NOT_ALLOWED' },
    });
  });

  it.each(['/api/auth/login', '/trpc/auth.login'])('answers 415 UNSUPPORTED_MEDIA_TYPE with the documented body to a text/plain body on %s', async (url) => {
    const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.co' });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
  });

  it('answers 400 VALIDATION_FAILED with the documented body to malformed JSON', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
  });
});

describe("errors from Fastify's router", () => {
  it.each([
    ['bad percent-encoding', '/api/patients/%E0%A4%A'],
    ['an over-long path parameter', `/api/patients/${'9'.repeat(6000)}`],
  ])('answers 400 with the documented body to a URL with %s', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
  });
});

describe('a multipart body where JSON is expected', () => {
  it('answers 415 UNSUPPORTED_MEDIA_TYPE instead of reading it as an empty body', async () => {
    const form = new FormData();
    form.append('email', 'a@b.co');
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: form });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
