// A request's caller (the session and account behind its token) and its access to a
// patient are answered from memory while the access version is unchanged. These prove that nothing
// that ends a session or an access waits for memory to be forgotten: after a record read has warmed
// it, each change below takes effect on the very next request, over REST and over tRPC, whoever wrote
// the change, this server or another connection to the same file (a CLI, a restore).
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { openDatabase } from '../db/client';
import { bearer, buildTestApp, callerFor, register, testConfig, uniqueEmail } from '../test/helpers';
import { rawGet } from '../db/raw-sql';

const IDLE_MINUTES = 600;
const EMERGENCY_HOURS = 4;
const minutes = (n: number) => n * 60_000;

let dir: string;
let app: FastifyInstance;
let clock: Date;
/** A second connection to the same database file, writing as a command-line tool would. */
let otherConnection: Database.Database;
let admin: Session;
let medic: Session;
let patient: Session;
let idPatient: number;
let statements: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'expediente-next-request-'));
  clock = new Date();
  statements = [];
  app = await buildTestApp({
    db: openDatabase(join(dir, 'expediente.db'), { logQuery: (query) => statements.push(query) }),
    config: testConfig({ dataDir: dir, idleMinutes: IDLE_MINUTES, emergencyAccessHours: EMERGENCY_HOURS }),
    now: () => clock,
  });
  otherConnection = new Database(join(dir, 'expediente.db'));
  otherConnection.pragma('busy_timeout = 5000');
  // The earliest medic administers the practice.
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin') });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
});

afterEach(async () => {
  otherConnection.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const medicIdOf = async (session: Session) =>
  (await rawGet<{ id: number }>(app.deps.db, 'select id from medics where user_id = ?', [session.user.idUser]))!.id;

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: Session, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(session.access_token), ...(payload ? { payload } : {}) });

/** What reading the record answers over each transport: 'ok', or the error's code (REST's body code, tRPC's code). */
const readers = {
  REST: async (session: Session) => {
    const response = await send('GET', `/medics/patients/${idPatient}`, session);
    return response.statusCode === 200 ? 'ok' : `${response.statusCode} ${response.json<{ code: string }>().code}`;
  },
  tRPC: (session: Session) =>
    callerFor(app, session.access_token)
      .medics.patientDetail({ idPatient })
      .then(
        () => 'ok',
        (error: { code: string; cause?: { code?: string } }) => `${error.code} ${error.cause?.code ?? ''}`.trim(),
      ),
} as const;

/** What a refusal looks like on each transport. */
const refusals = {
  REST: { unauthenticated: '401 UNAUTHENTICATED', notFound: '404 PATIENT_NOT_FOUND', passwordChange: '403 PASSWORD_CHANGE_REQUIRED', twoFactor: '403 TWO_FACTOR_REQUIRED' },
  tRPC: { unauthenticated: 'UNAUTHORIZED UNAUTHENTICATED', notFound: 'NOT_FOUND PATIENT_NOT_FOUND', passwordChange: 'FORBIDDEN PASSWORD_CHANGE_REQUIRED', twoFactor: 'FORBIDDEN TWO_FACTOR_REQUIRED' },
} as const;

describe.each(['REST', 'tRPC'] as const)('after a record read over %s has warmed memory', (transport) => {
  const read = readers[transport];
  const refused = refusals[transport];

  /** Two reads: the second is answered with the caller and the access kept in memory. */
  async function warm(session: Session) {
    expect(await read(session)).toBe('ok');
    expect(await read(session)).toBe('ok');
  }

  it('asks the database neither who the caller is nor whether they are linked on the next read', async () => {
    await warm(medic);
    statements.length = 0;
    expect(await read(medic)).toBe('ok');
    expect(statements.filter((query) => /from "sessions"|from "medic_patients"/.test(query))).toEqual([]);
  });

  it('a logout ends the session on the next request', async () => {
    await warm(medic);
    expect((await send('POST', '/auth/logout', medic)).statusCode).toBe(204);
    expect(await read(medic)).toBe(refused.unauthenticated);
  });

  it('an administrator disabling the account ends its sessions on the next request', async () => {
    await warm(medic);
    expect((await send('POST', `/admin/medics/${await medicIdOf(medic)}/disable`, admin)).statusCode).toBe(200);
    expect(await read(medic)).toBe(refused.unauthenticated);
  });

  it('the patient removing the medic’s link hides the record on the next request', async () => {
    await warm(medic);
    expect((await send('DELETE', `/patients/me/unlink-doctor/${await medicIdOf(medic)}`, patient)).statusCode).toBe(204);
    expect(await read(medic)).toBe(refused.notFound);
  });

  it('emergency access opens the record on the next request, and closes it on the first request after it expires', async () => {
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('urgencias') });
    expect(await read(stranger)).toBe(refused.notFound);
    expect(await read(stranger)).toBe(refused.notFound);
    const started = await send('POST', '/medics/emergency-access', stranger, { patientEmail: patient.user.email, reason: 'Paciente inconsciente en urgencias' });
    expect(started.statusCode).toBe(200);
    await warm(stranger);
    clock = new Date(clock.getTime() + EMERGENCY_HOURS * 3_600_000 - 1_000);
    expect(await read(stranger)).toBe('ok');
    clock = new Date(clock.getTime() + 2_000);
    expect(await read(stranger)).toBe(refused.notFound);
  });

  it('an administrator’s password reset ends the session on the next request', async () => {
    await warm(medic);
    expect((await send('POST', `/admin/users/${medic.user.idUser}/reset-password`, admin)).statusCode).toBe(200);
    expect(await read(medic)).toBe(refused.unauthenticated);
  });

  it('turning on the practice’s second-factor rule holds back a medic without one on the next request', async () => {
    await warm(medic);
    expect((await send('PATCH', '/admin/practice', admin, { requireTwoFactorForMedics: true })).statusCode).toBe(200);
    expect(await read(medic)).toBe(refused.twoFactor);
  });

  it('a session idle for longer than IDLE_MINUTES ends on the next request, and one used in time lives on', async () => {
    await warm(medic);
    clock = new Date(clock.getTime() + minutes(IDLE_MINUTES) - 1_000);
    expect(await read(medic)).toBe('ok');
    // That read was the session's last use: memory keeps it, as the row does.
    clock = new Date(clock.getTime() + minutes(IDLE_MINUTES) - 1_000);
    expect(await read(medic)).toBe('ok');
    clock = new Date(clock.getTime() + minutes(IDLE_MINUTES) + 1_000);
    expect(await read(medic)).toBe(refused.unauthenticated);
  });

  describe('a change written by another connection to the same file', () => {
    it('a session revoked there ends here on the next request', async () => {
      await warm(medic);
      otherConnection.prepare('update sessions set revoked_at = ? where user_id = ?').run(new Date().toISOString(), medic.user.idUser);
      expect(await read(medic)).toBe(refused.unauthenticated);
    });

    it('an account disabled there ends its sessions here on the next request', async () => {
      await warm(medic);
      otherConnection.prepare("update users set status = 'disabled' where id = ?").run(medic.user.idUser);
      expect(await read(medic)).toBe(refused.unauthenticated);
    });

    it('a link removed there hides the record here on the next request', async () => {
      await warm(medic);
      otherConnection.prepare('delete from medic_patients where medic_id = ? and patient_id = ?').run(await medicIdOf(medic), idPatient);
      expect(await read(medic)).toBe(refused.notFound);
    });

    it('a password change required there holds the user back here on the next request', async () => {
      await warm(medic);
      otherConnection.prepare('update users set must_change_password = 1 where id = ?').run(medic.user.idUser);
      expect(await read(medic)).toBe(refused.passwordChange);
    });

    it('a last use moved back there (a session left idle) ends it here on the next request', async () => {
      await warm(medic);
      const longAgo = new Date(clock.getTime() - minutes(IDLE_MINUTES) - 60_000).toISOString();
      otherConnection.prepare('update sessions set last_used_at = ? where user_id = ?').run(longAgo, medic.user.idUser);
      expect(await read(medic)).toBe(refused.unauthenticated);
    });

    it('the session’s last use written there keeps it alive here', async () => {
      await warm(medic);
      clock = new Date(clock.getTime() + minutes(IDLE_MINUTES) - 1_000);
      // Another server on the same file served this session just now; memory here knows nothing of it.
      otherConnection.prepare('update sessions set last_used_at = ? where user_id = ?').run(clock.toISOString(), medic.user.idUser);
      clock = new Date(clock.getTime() + 2_000);
      expect(await read(medic)).toBe('ok');
    });
  });
});

it('answers nothing from memory when the access version’s row is gone, and still sees every change', async () => {
  const read = readers.REST;
  expect(await read(medic)).toBe('ok');
  otherConnection.prepare('delete from access_version').run();
  expect(await read(medic)).toBe('ok');
  otherConnection.prepare('delete from medic_patients where medic_id = ? and patient_id = ?').run(await medicIdOf(medic), idPatient);
  expect(await read(medic)).toBe('404 PATIENT_NOT_FOUND');
});
