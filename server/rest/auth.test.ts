// The auth routes of API.md through the REST adapter: success shapes, every status and code.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../db/raw-sql';
import { release } from '../release';
import {
  bearer,
  buildTestApp,
  errorOf,
  loginRequest,
  register,
  registerRequest,
  rowCount,
  uniqueEmail,
} from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const tables = ['users', 'medics', 'patients', 'medic_patients', 'sessions'];
async function counts(): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table] = await rowCount(app, table);
  return rows;
}

describe('POST /api/auth/register', () => {
  it("creates the install's first medic as the administrator and answers 201 with a session", async () => {
    const fresh = await buildTestApp();
    try {
      const email = uniqueEmail('medic');
      const response = await registerRequest(fresh, { type: 'medic', email, name: 'Laura', lname: 'Gómez' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        access_token: expect.any(String),
        user: {
          idUser: expect.any(Number),
          name: 'Laura',
          lname: 'Gómez',
          email,
          type: 'medic',
          phone: null,
          address: null,
          isAdmin: true,
          status: 'active',
          mustChangePassword: false,
          twoFactor: { totp: false, passkeys: 0 },
        },
      });
    } finally {
      await fresh.close();
    }
  });

  it('gives a patient account its patient record at once', async () => {
    const session = await register(app, { type: 'patient' });
    const patient = await rawGet(app.deps.db, 'select id from patients where user_id = ?', [session.user.idUser]);
    expect(patient).toBeDefined();
  });

  it("links a patient to the medic named by doctorEmail, whatever the email's case", async () => {
    const doctor = await register(app, { type: 'medic', email: uniqueEmail('doctor') });
    const session = await register(app, { type: 'patient', doctorEmail: `  ${doctor.user.email.toUpperCase()} ` });
    const link = await rawGet(
      app.deps.db,
      `select 1 from medic_patients mp join medics m on m.id = mp.medic_id join patients p on p.id = mp.patient_id
       where m.user_id = ? and p.user_id = ?`,
      [doctor.user.idUser, session.user.idUser],
    );
    expect(link).toBeDefined();
  });

  it('fails whole with 400 DOCTOR_NOT_FOUND and creates nothing when no medic has that email', async () => {
    const before = await counts();
    const response = await registerRequest(app, { type: 'patient', doctorEmail: uniqueEmail('nobody') });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'DOCTOR_NOT_FOUND' });
    expect(await counts()).toEqual(before);
  });

  it('treats a patient account named as doctor as DOCTOR_NOT_FOUND', async () => {
    const other = await register(app, { type: 'patient' });
    const response = await registerRequest(app, { type: 'patient', doctorEmail: other.user.email });
    expect(errorOf(response).code).toBe('DOCTOR_NOT_FOUND');
  });

  it('refuses a doctor email on a medic account', async () => {
    const doctor = await register(app, { type: 'medic' });
    const response = await registerRequest(app, { type: 'medic', doctorEmail: doctor.user.email });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual([{ path: 'doctorEmail', message: 'validation.doctorEmailPatientsOnly' }]);
  });

  it('answers 409 EMAIL_TAKEN for an email already used, compared case-insensitively', async () => {
    const first = await register(app);
    const before = await counts();
    const response = await registerRequest(app, { email: ` ${first.user.email.toUpperCase()}` });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.stringMatching(/already/i) });
    expect(await counts()).toEqual(before);
  });

  it('lists every invalid field with 400 VALIDATION_FAILED', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: ' ', email: 'not-an-email', password: '12345', type: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues?.map((issue) => issue.path).sort()).toEqual(['email', 'lname', 'name', 'password', 'type']);
    expect(body.message).toContain('Password must be at least 6 characters');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 with a session for the right password, with the email in any case', async () => {
    const account = await register(app, { password: 'right-password' });
    const response = await loginRequest(app, account.user.email.toUpperCase(), 'right-password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String), user: account.user });
  });

  it('answers 401 INVALID_CREDENTIALS alike for a wrong password and an unknown email', async () => {
    const account = await register(app);
    const wrongPassword = await loginRequest(app, account.user.email, 'wrong-password');
    const unknownEmail = await loginRequest(app, uniqueEmail('ghost'), 'wrong-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(errorOf(wrongPassword)).toEqual(errorOf(unknownEmail));
    expect(errorOf(wrongPassword)).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Unauthorized' });
  });

  it('answers 400 when the email or password is missing', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual([{ path: 'password', message: 'validation.passwordRequired' }]);
  });
});

describe('GET /api/auth/profile', () => {
  it('answers 200 with the signed-in user', async () => {
    const session = await register(app, { type: 'medic' });
    const response = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(session.access_token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: session.user });
  });

  it('answers 401 UNAUTHENTICATED without a token or with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const response = await app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED' });
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204 and revokes that session only', async () => {
    const first = await register(app, { password: 'clave-segura-9' });
    const second = (await loginRequest(app, first.user.email, 'clave-segura-9')).json<{ access_token: string }>();

    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first.access_token) });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');

    const revoked = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(first.access_token) });
    expect(revoked.statusCode).toBe(401);
    const other = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(second.access_token) });
    expect(other.statusCode).toBe(200);
  });

  it('answers 401 when not signed in', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the API surface', () => {
  it('answers GET /api/health with 200 and its checks without authentication', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'writable', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() });
  });

  it('answers unknown /api paths with 404 in the documented shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no/such/path?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'No such route: GET /api/no/such/path',
    });
  });

  it('sends security headers with a strict Content-Security-Policy on every response', async () => {
    for (const url of ['/api/health', '/api/missing', '/trpc/medics.me']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Plain HTTP: no HSTS, no upgrade of requests that would break the practice's LAN access.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });
});
