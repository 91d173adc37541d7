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
import { rawGet, rawRows } from '../db/raw-sql';

let app: FastifyInstance;
let medic: Session;
let caller: Caller;
let idPatient: number;

const actorOf = async (session: Session): Promise<Actor> => {
  const row = (await rawGet(app.deps.db, 'select id from medics where user_id = ?', [session.user.idUser])) as { id: number };
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
  idPatient = await patientIdOf(app, await register(app, { type: 'patient' }));
  caller = { db: app.deps.db, actor: await actorOf(medic), ip: '10.0.0.7', now: new Date() };
});
afterEach(() => app.close());

const phoneOf = async (idUser: number) => (await rawGet<{ phone: string | null }>(app.deps.db, 'select phone from users where id = ?', [idUser]))!.phone;
const setPhone = async (tx: Tx, phone: string) => {
  await tx.update(users).set({ phone }).where(eq(users.id, medic.user.idUser));
};
const eventsOf = (action: string) =>
  rawRows(
    app.deps.db,
    'select actor_user_id as userId, actor_type as type, ip, patient_id as patientId, outcome, detail, emergency from audit_events where action = ? order by id',
    [action],
  );

describe('auditedChange', () => {
  it('commits the change with one success event naming the action, the patient and the detail', async () => {
    const answer = await auditedChange(caller, { action: 'medics.updateProfile', patientId: idPatient }, async (tx, succeeded) => {
      await setPhone(tx, '555 0101');
      await succeeded({ detail: 'phone' });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await phoneOf(medic.user.idUser)).toBe('555 0101');
    expect(await eventsOf('medics.updateProfile')).toEqual([
      { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.7', patientId: idPatient, outcome: 'success', detail: 'phone', emergency: 0 },
    ]);
  });

  it('rolls a refused change back and audits the refusal once, under the action', async () => {
    const refusal = new AppError('NOT_FOUND', 'No such thing.');
    await expect(
      auditedChange(caller, { action: 'medics.updateProfile', patientId: idPatient }, async (tx, succeeded) => {
        await setPhone(tx, '555 0102');
        await succeeded();
        throw refusal;
      }),
    ).rejects.toThrow(refusal);
    expect(refusal.audited).toBe(true);
    expect(await phoneOf(medic.user.idUser)).not.toBe('555 0102');
    expect(await eventsOf('medics.updateProfile')).toEqual([
      { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.7', patientId: idPatient, outcome: 'failure', detail: 'NOT_FOUND', emergency: 0 },
    ]);
  });

  it('leaves a refusal to the procedure when asked to, unaudited', async () => {
    const refusal = new AppError('NOT_FOUND');
    await expect(auditedChange(caller, { action: 'medics.updateProfile', auditRefusal: false }, () => { throw refusal; })).rejects.toThrow(refusal);
    expect(refusal.audited).toBeFalsy();
    expect(await eventsOf('medics.updateProfile')).toEqual([]);
  });

  it("flags what is done under the caller's emergency access with the reason given", async () => {
    const underEmergency: Caller = { ...caller, access: { kind: 'emergency', idAccess: 1, reason: 'Unconscious at the door', expiresAt: '2999-01-01T00:00:00.000Z' } };
    await auditedChange(underEmergency, { action: 'appointment.update', patientId: idPatient }, (_tx, succeeded) => succeeded({ detail: 'motive' }));
    expect(await eventsOf('appointment.update')).toMatchObject([{ outcome: 'success', detail: 'Unconscious at the door', emergency: 1 }]);
  });

  it('asks the access rule first when told to: an unlinked patient is not found, and nothing runs', async () => {
    let ran = false;
    await expect(auditedChange(caller, { action: 'files.delete', patientId: idPatient, checkAccess: true }, () => { ran = true; })).rejects.toThrow(
      expect.objectContaining({ code: 'PATIENT_NOT_FOUND' }),
    );
    expect(ran).toBe(false);
    expect(await eventsOf('files.delete')).toMatchObject([{ patientId: idPatient, outcome: 'denied' }]);
  });
});

describe('auditedSignInChange', () => {
  it('names the account the change made in its success event, and the caller as known in a refusal', async () => {
    const anonymous = { userId: null, type: 'anonymous' as const, ip: '10.0.0.8' };
    await auditedSignInChange(app.deps.db, anonymous, { action: 'auth.register' }, (_tx, succeeded) =>
      succeeded({ detail: 'pending approval' }, { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.8' }),
    );
    await expect(auditedSignInChange(app.deps.db, anonymous, { action: 'auth.register' }, () => { throw new AppError('EMAIL_TAKEN'); })).rejects.toThrow();
    expect((await eventsOf('auth.register')).slice(-2)).toEqual([
      { userId: medic.user.idUser, type: 'medic', ip: '10.0.0.8', patientId: null, outcome: 'success', detail: 'pending approval', emergency: 0 },
      { userId: null, type: 'anonymous', ip: '10.0.0.8', patientId: null, outcome: 'failure', detail: 'EMAIL_TAKEN', emergency: 0 },
    ]);
  });
});
