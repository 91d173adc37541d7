// The one write path: a change and its success event commit together, a refusal changes nothing and
// is audited once, and what is done under emergency access is flagged with the reason given.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { Actor } from '../auth/actor';
import type { Tx } from '../db/client';
import { users } from '../db/schema/index';
import { AppError } from '../errors';
import { buildTestApp, patientIdOf, register } from '../test/helpers';
import { auditedChange, auditedSignInChange } from './audited-change';
import type { Caller } from './caller';

let app: FastifyInstance;
let medic: Session;
let caller: Caller;
let idPatient: number;

const actorOf = (session: Session): Actor => {
  const row = app.deps.db.$client.prepare('select id from medics where user_id = ?').get(session.user.idUser) as { id: number };
  const { idUser, name, lname, email } = session.user;
  return {
    userId: idUser,
    type: 'medic',
    name,
    lname,
    email,
    phone: null,
    address: null,
    sessionId: 'test session',
    medicId: row.id,
    patientId: null,
    isAdmin: false,
    mustChangePassword: false,
    twoFactor: { totp: false, passkeys: 0 },
    secondFactorMissing: false,
  };
};

beforeEach(async () => {
  app = await buildTestApp();
  medic = await register(app, { type: 'medic' });
  idPatient = patientIdOf(app, await register(app, { type: 'patient' }));
  caller = { db: app.deps.db, actor: actorOf(medic), ip: '10.0.0.7', now: new Date() };
});
afterEach(() => app.close());

const phoneOf = (idUser: number) => (app.deps.db.$client.prepare('select phone from users where id = ?').get(idUser) as { phone: string | null }).phone;
const setPhone = (tx: Tx, phone: string) => tx.update(users).set({ phone }).where(eq(users.id, medic.user.idUser)).run();
const eventsOf = (action: string) =>
  app.deps.db.$client
    .prepare('select actor_user_id as userId, actor_type as type, ip, patient_id as patientId, outcome, detail, emergency from audit_events where action = ? order by id')
    .all(action);

describe('auditedChange', () => {
  it('commits the change with one success event naming the action, the patient and the detail', () => {
    const answer = auditedChange(caller, { action: 'medics.updateProfile', patientId: idPatient }, (tx, succeeded) => {
      setPhone(tx, '555 0101');
      succeeded({ detail: 'phone' });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(phoneOf(medic.user.idUser)).toBe('555 0101');
    expect(eventsOf('medics.updateProfile')).toEqual([
      { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.7', patientId: idPatient, outcome: 'success', detail: 'phone', emergency: 0 },
    ]);
  });

  it('rolls a refused change back and audits the refusal once, under the action', () => {
    const refusal = new AppError('NOT_FOUND', 'No such thing.');
    expect(() =>
      auditedChange(caller, { action: 'medics.updateProfile', patientId: idPatient }, (tx, succeeded) => {
        setPhone(tx, '555 0102');
        succeeded();
        throw refusal;
      }),
    ).toThrow(refusal);
    expect(refusal.audited).toBe(true);
    expect(phoneOf(medic.user.idUser)).not.toBe('555 0102');
    expect(eventsOf('medics.updateProfile')).toEqual([
      { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.7', patientId: idPatient, outcome: 'failure', detail: 'NOT_FOUND', emergency: 0 },
    ]);
  });

  it('leaves a refusal to the procedure when asked to, unaudited', () => {
    const refusal = new AppError('NOT_FOUND');
    expect(() => auditedChange(caller, { action: 'medics.updateProfile', auditRefusal: false }, () => { throw refusal; })).toThrow(refusal);
    expect(refusal.audited).toBeFalsy();
    expect(eventsOf('medics.updateProfile')).toEqual([]);
  });

  it("flags what is done under the caller's emergency access with the reason given", () => {
    const underEmergency: Caller = { ...caller, access: { kind: 'emergency', idAccess: 1, reason: 'Unconscious at the door', expiresAt: '2999-01-01T00:00:00.000Z' } };
    auditedChange(underEmergency, { action: 'appointment.update', patientId: idPatient }, (_tx, succeeded) => succeeded({ detail: 'motive' }));
    expect(eventsOf('appointment.update')).toMatchObject([{ outcome: 'success', detail: 'Unconscious at the door', emergency: 1 }]);
  });

  it('asks the access rule first when told to: an unlinked patient is not found, and nothing runs', () => {
    let ran = false;
    expect(() => auditedChange(caller, { action: 'files.delete', patientId: idPatient, checkAccess: true }, () => { ran = true; })).toThrow(
      expect.objectContaining({ code: 'PATIENT_NOT_FOUND' }),
    );
    expect(ran).toBe(false);
    expect(eventsOf('files.delete')).toMatchObject([{ patientId: idPatient, outcome: 'denied' }]);
  });
});

describe('auditedSignInChange', () => {
  it('names the account the change made in its success event, and the caller as known in a refusal', () => {
    const anonymous = { userId: null, type: 'anonymous' as const, ip: '10.0.0.8' };
    auditedSignInChange(app.deps.db, anonymous, { action: 'auth.register' }, (_tx, succeeded) =>
      succeeded({ detail: 'pending approval' }, { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.8' }),
    );
    expect(() => auditedSignInChange(app.deps.db, anonymous, { action: 'auth.register' }, () => { throw new AppError('EMAIL_TAKEN'); })).toThrow();
    expect(eventsOf('auth.register').slice(-2)).toEqual([
      { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.8', patientId: null, outcome: 'success', detail: 'pending approval', emergency: 0 },
      { userId: null, type: 'anonymous', ip: '10.0.0.8', patientId: null, outcome: 'failure', detail: 'EMAIL_TAKEN', emergency: 0 },
    ]);
  });
});
