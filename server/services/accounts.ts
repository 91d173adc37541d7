// Registration, sign-in, profile and sign-out (API.md "Routes": /auth/*).
import { eq } from 'drizzle-orm';
import type { LoginInput, RegisterInput, Session, User } from '../../shared/auth';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../auth/passwords';
import { createSession, revokeSession, type Actor } from '../auth/sessions';
import type { Db } from '../db/client';
import { medicPatients, medics, patients, users } from '../db/schema/index';
import { AppError, isUniqueViolation } from '../errors';
import type { SignInFailures } from '../auth/sign-in-failures';
import { findUserByEmail, toUser } from './users';

export interface AccountDeps {
  db: Db;
  sessionHours: number;
  signToken: (claims: { sid: string; sub: string }) => string;
  signInFailures: SignInFailures;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

type ParsedRegisterInput = Omit<RegisterInput, 'doctorEmail'> & { doctorEmail?: string | undefined };


function startSession(deps: AccountDeps, user: User, meta: RequestMeta): Session {
  const { sessionId } = createSession(deps.db, user.idUser, {
    hours: deps.sessionHours,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { access_token: deps.signToken({ sid: sessionId, sub: String(user.idUser) }), user };
}

export async function register(deps: AccountDeps, meta: RequestMeta, input: ParsedRegisterInput): Promise<Session> {
  const anonymous: AuditActor = { userId: null, type: 'anonymous', ip: meta.ip };
  const fail = (error: AppError): never => {
    recordAudit(deps.db, anonymous, { action: 'auth.register', outcome: 'failure', detail: error.code });
    throw error;
  };
  // Checked before hashing, so an obvious conflict costs no hash; the transaction checks again.
  if (findUserByEmail(deps.db, input.email)) fail(new AppError('EMAIL_TAKEN'));
  const passwordHash = await hashPassword(input.password);

  let user: User;
  try {
    // One transaction: the user, their medic or patient row and the doctor link exist together or not at all.
    user = deps.db.transaction((tx) => {
      const doctorUser = input.doctorEmail ? findUserByEmail(tx, input.doctorEmail) : undefined;
      const doctor =
        doctorUser?.type === 'medic'
          ? tx.select({ medicId: medics.id }).from(medics).where(eq(medics.userId, doctorUser.id)).get()
          : undefined;
      if (input.doctorEmail && !doctor) throw new AppError('DOCTOR_NOT_FOUND');
      if (findUserByEmail(tx, input.email)) throw new AppError('EMAIL_TAKEN');

      const row = tx
        .insert(users)
        .values({ email: input.email, passwordHash, type: input.type, name: input.name, lname: input.lname })
        .returning()
        .get();
      if (input.type === 'medic') {
        tx.insert(medics).values({ userId: row.id }).run();
      } else {
        const patient = tx.insert(patients).values({ userId: row.id }).returning({ id: patients.id }).get();
        if (doctor) tx.insert(medicPatients).values({ medicId: doctor.medicId, patientId: patient.id }).run();
      }
      return toUser(row);
    });
  } catch (error) {
    if (error instanceof AppError) return fail(error);
    if (isUniqueViolation(error)) return fail(new AppError('EMAIL_TAKEN'));
    throw error;
  }
  recordAudit(deps.db, { userId: user.idUser, type: user.type, ip: meta.ip }, {
    action: 'auth.register',
    outcome: 'success',
    detail: input.doctorEmail ? 'linked to doctor' : null,
  });
  return startSession(deps, user, meta);
}

export async function login(deps: AccountDeps, meta: RequestMeta, input: LoginInput): Promise<Session> {
  const email = input.email.trim();
  const anonymous: AuditActor = { userId: null, type: 'anonymous', ip: meta.ip };
  if (deps.signInFailures.isBlocked(meta.ip, email)) {
    recordAudit(deps.db, anonymous, { action: 'auth.login', outcome: 'denied', detail: 'RATE_LIMITED' });
    throw new AppError('RATE_LIMITED');
  }
  const row = findUserByEmail(deps.db, email);
  const valid = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
  if (!row || !valid) {
    deps.signInFailures.recordFailure(meta.ip, email);
    recordAudit(deps.db, { ...anonymous, userId: row?.id ?? null }, {
      action: 'auth.login',
      outcome: 'failure',
      detail: row ? 'wrong password' : 'unknown email',
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  deps.signInFailures.recordSuccess(meta.ip, email);
  const user = toUser(row);
  recordAudit(deps.db, { userId: user.idUser, type: user.type, ip: meta.ip }, { action: 'auth.login', outcome: 'success' });
  return startSession(deps, user, meta);
}

export const profile = (actor: Actor): { user: User } => ({
  user: toUser({ ...actor, id: actor.userId }),
});

export function logout(db: Db, actor: Actor, meta: RequestMeta): void {
  revokeSession(db, actor.sessionId);
  recordAudit(db, { userId: actor.userId, type: actor.type, ip: meta.ip }, { action: 'auth.logout', outcome: 'success' });
}
