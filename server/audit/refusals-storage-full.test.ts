// API.md "Data safety under faults": a refusal whose audit event the storage will not take (no room
// left, a read-only database) still answers its own status — 401, 403, 404 — never a 500; the gap in
// the trail is counted and logged as an error. Any other failure of the audit still fails the call.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { sqliteEngineOf } from '../db/engine';
import { fillDatabase, fullUntilTestEnds } from '../db/full-database.fixture';
import { rawGet } from '../db/raw-sql';
import { bearer, buildTestApp, linkWithConsent, register, patientIdOf } from '../test/helpers';
import { unauditedRefusals } from './audit-gaps';

let app: FastifyInstance;
let medic: Session;
let stranger: Session;
let patient: Session;
let idPatient: number;
const logged: string[] = [];

beforeAll(async () => {
  app = await buildTestApp({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
  medic = await register(app, { type: 'medic' });
  stranger = await register(app, { type: 'medic' });
  patient = await register(app, { type: 'patient' });
  await linkWithConsent(app, medic, patient);
  idPatient = await patientIdOf(app, patient);
});
afterAll(() => app.close());

const fillDisk = fullUntilTestEnds(() => app.deps.db);

const auditRows = async () => (await rawGet<{ n: number }>(app.deps.db, 'select count(*) as n from audit_events'))!.n;
const gapLines = () => logged.map((line) => JSON.parse(line) as { level: number; msg: string; unauditedRefusals?: number; action?: string }).filter((line) => line.msg.includes('audit trail has a gap'));

const refusals: [string, InjectOptions, number][] = [
  ['REST, no token', { method: 'GET', url: '/api/medics/my-patients' }, 401],
  ['tRPC, no token', { method: 'GET', url: '/trpc/medics.myPatients' }, 401],
  ['the upload route, no token', { method: 'POST', url: '/api/medics/patients/1/files' }, 401],
];

describe('a refusal the audit trail has no room for', () => {
  it.each(refusals)('still answers its own status (%s), and the gap is counted and logged', async (_label, request, status) => {
    await fillDisk();
    const [rows, gaps, lines] = [await auditRows(), unauditedRefusals(), gapLines().length];
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(await auditRows()).toBe(rows);
    expect(unauditedRefusals()).toBe(gaps + 1);
    expect(gapLines().slice(lines)).toEqual([expect.objectContaining({ level: 50, unauditedRefusals: gaps + 1 })]);
  });

  it("answers 404 to another medic's patient, and 403 to the wrong kind of user", async () => {
    await fillDisk();
    const gaps = unauditedRefusals();
    const foreign = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(stranger.access_token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
    const wrongKind = await app.inject({ method: 'GET', url: '/api/medics/my-patients', headers: bearer(patient.access_token) });
    expect(wrongKind.statusCode).toBe(403);
    expect(unauditedRefusals()).toBe(gaps + 2);
  });

  it('answers its own status on a read-only database too', async () => {
    // The writer, which every write goes through, refuses them (the reader always does).
    sqliteEngineOf(app.deps.db).writer.pragma('query_only = 1');
    const gaps = unauditedRefusals();
    expect((await app.inject({ method: 'GET', url: '/api/medics/my-patients' })).statusCode).toBe(401);
    expect(unauditedRefusals()).toBe(gaps + 1);
  });

  it('audits refusals again once there is room, without a restart', async () => {
    (await fillDatabase(app.deps.db))();
    const [rows, gaps] = [await auditRows(), unauditedRefusals()];
    expect((await app.inject({ method: 'GET', url: '/api/medics/my-patients' })).statusCode).toBe(401);
    expect(await auditRows()).toBe(rows + 1);
    expect(unauditedRefusals()).toBe(gaps);
  });

  it('still fails the call when the audit fails for another reason than storage', async () => {
    // A temporary trigger is its connection's: the writer's, where the trail is written.
    const sqlite = sqliteEngineOf(app.deps.db).writer;
    sqlite.exec("create temp trigger broken_audit before insert on audit_events begin select raise(abort, 'audit broken'); end");
    try {
      const gaps = unauditedRefusals();
      expect((await app.inject({ method: 'GET', url: '/api/medics/my-patients' })).statusCode).toBe(500);
      expect(unauditedRefusals()).toBe(gaps);
    } finally {
      sqlite.exec('drop trigger broken_audit');
    }
  });
});
