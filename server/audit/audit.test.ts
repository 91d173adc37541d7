// The audit trail records register, sign-in success and failure, and logout, and cannot be rewritten.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginRequest, register, registerRequest, uniqueEmail } from '../test/helpers';
import { rawRows } from '../db/raw-sql';
import { sqliteEngineOf } from '../db/engine';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

interface AuditRow {
  at: string;
  actor_user_id: number | null;
  actor_type: string;
  action: string;
  patient_id: number | null;
  outcome: string;
  ip: string | null;
  detail: string | null;
}
const eventsFor = async (where: string, ...params: unknown[]) =>
  (await rawRows(app.deps.db, `select * from audit_events where ${where} order by id`, [...params])) as AuditRow[];

describe('the audit trail', () => {
  it('records a registration, a sign-in, a failed sign-in and a logout with who, when, where and the outcome', async () => {
    const session = await register(app, { password: 'clave-segura-9' });
    await loginRequest(app, session.user.email, 'wrong', '10.9.9.9');
    await loginRequest(app, session.user.email, 'clave-segura-9', '10.9.9.8');
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token) });

    const events = await eventsFor('actor_user_id = ?', session.user.idUser);
    expect(events.map((event) => [event.action, event.outcome])).toEqual([
      ['auth.register', 'success'],
      ['auth.login', 'failure'],
      ['auth.login', 'success'],
      ['auth.logout', 'success'],
    ]);
    expect(events[1]).toMatchObject({ ip: '10.9.9.9', detail: 'wrong password', actor_type: 'anonymous' });
    expect(events[2]).toMatchObject({ ip: '10.9.9.8', actor_type: 'patient' });
    for (const event of events) expect(event.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('records a failed registration with its reason', async () => {
    await registerRequest(app, { doctorEmail: uniqueEmail('nobody') }, '10.7.7.7');
    const [event] = await eventsFor("action = 'auth.register' and ip = ?", '10.7.7.7');
    expect(event).toMatchObject({ outcome: 'failure', detail: 'DOCTOR_NOT_FOUND', actor_user_id: null });
  });

  it('refuses to update or delete an audit event', () => {
    const sqlite = sqliteEngineOf(app.deps.db).writer;
    expect(() => sqlite.prepare("update audit_events set outcome = 'success'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from audit_events').run()).toThrow(/append-only/);
  });
});
