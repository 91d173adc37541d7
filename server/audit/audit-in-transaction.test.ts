// A change's audit event is written in the change's own transaction, so a change whose
// event cannot be written is rolled back: no change without its row in the audit trail.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localMoment } from '../../shared/dates';
import type { Session } from '../../shared/auth';
import { bearer, buildTestApp, linkWithConsent, register } from '../test/helpers';
import { rawGet, rawRows } from '../db/raw-sql';
import { sqliteEngineOf } from '../db/engine';

let app: FastifyInstance;
let medic: Session;
let idPatient: number;
beforeEach(async () => {
  app = await buildTestApp();
  medic = await register(app, { type: 'medic' });
  const patient = await register(app, { type: 'patient' });
  await linkWithConsent(app, medic, patient);
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
});
afterEach(() => app.close());

const TABLES = ['users', 'patients', 'allergies', 'clinical_histories', 'medic_patients'];
async function snapshot() {
  const rows: unknown[][] = [];
  for (const table of TABLES) rows.push(await rawRows(app.deps.db, `select * from ${table} order by rowid`));
  return rows;
}

describe("a write whose audit event cannot be written", () => {
  it.each([
    ['adding an allergy', 'allergies.add', () => ({ method: 'POST' as const, url: `/api/patients/${idPatient}/allergies`, payload: { allergyName: 'Penicilina' } })],
    ['editing the patient', 'patient.update', () => ({ method: 'PATCH' as const, url: `/api/patients/${idPatient}`, payload: { phone: '555 0000' } })],
    ['creating an appointment', 'appointment.create', () => ({ method: 'POST' as const, url: '/api/clinical-history', payload: { idPatient, date: localMoment(new Date()), motive: 'Control' } })],
    ['unlinking the patient', 'patients.unlink', () => ({ method: 'DELETE' as const, url: `/api/medics/unlink-patient/${idPatient}` })],
  ])('is rolled back: %s', async (_label, action, request) => {
    const before = await snapshot();
    sqliteEngineOf(app.deps.db).writer.exec(
      `create trigger fail_audit before insert on audit_events when new.action = '${action}' begin select raise(abort, 'audit insert failed'); end`,
    );
    const response = await app.inject({ ...request(), headers: bearer(medic.access_token) });
    expect(response.statusCode).toBe(500);
    expect(await snapshot()).toEqual(before);
  });
});
