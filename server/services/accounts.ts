// Registration, sign-in, profile and sign-out (API.md "Routes": /auth/*).
import type { TotpSeal } from '../auth/second-factor/totp-seal';
import { eq } from 'drizzle-orm';
import type { ChangePasswordInput, LoginInput, PendingRegistration, RegisterInput, Session, User } from '../../shared/auth';
import type { LoginResult } from '../../shared/second-factor';
import { refuse, type AuditActor } from '../audit/record-audit';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../auth/passwords';
import { assertUncommonPassword } from '../auth/password-policy';
import { createSession, revokeSession, revokeUserSessions, type Actor } from '../auth/sessions';
import type { Db, DbOrTx } from '../db/client';
import { medicPatients, medics, patients, users } from '../db/schema/index';
import { AppError, isUniqueViolation } from '../errors';
import type { SignInFailures } from '../auth/sign-in-failures';
import { auditedChange, auditedSignInChange } from './audited-change';
import { whoIs, type Caller } from './caller';
import { challengeSecondFactor } from './second-factor/challenge';
import { findActiveMedicByEmail, findTwoFactorState, findUserByEmail, NO_SECOND_FACTOR, toUser } from './users';

export interface AccountDeps {
  db: Db;
  sessionHours: number;
  signToken: (claims: { sid: string; sub: string }) => string;
  signInFailures: SignInFailures;
  /** The practice's clock: a session's last use is counted on it. */
  now: () => Date;
  /** Opens the sealed TOTP seeds the second step checks codes against. */
  totpSeal: TotpSeal;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

type ParsedRegisterInput = Omit<RegisterInput, 'doctorEmail'> & { doctorEmail?: string | undefined };


/** Creates the session row (in the caller's transaction when given one) and signs its token. */
export async function startSession(deps: AccountDeps, user: User, meta: RequestMeta, db: DbOrTx = deps.db): Promise<Session> {
  const { sessionId } = await createSession(db, user.idUser, {
    hours: deps.sessionHours,
    ip: meta.ip,
    userAgent: meta.userAgent,
    now: deps.now(),
  });
  return { access_token: deps.signToken({ sid: sessionId, sub: String(user.idUser) }), user };
}

const anonymousAt = (meta: RequestMeta): AuditActor => ({ userId: null, type: 'anonymous', ip: meta.ip });

const PENDING_MESSAGE = 'Your account was created. The practice administrator must approve it before you can sign in.';

/** Does the install have its administrator yet? The first medic to register becomes it. */
const hasAdministrator = async (tx: DbOrTx): Promise<boolean> =>
  (await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)).length > 0;

export async function register(
  deps: AccountDeps,
  meta: RequestMeta,
  input: ParsedRegisterInput,
): Promise<Session | PendingRegistration> {
  const fail = async (error: AppError): Promise<never> => refuse(deps.db, anonymousAt(meta), { action: 'auth.register', outcome: 'failure', detail: error.code }, error);
  // Checked before hashing, so an obvious conflict costs no hash; the transaction checks again.
  if (await findUserByEmail(deps.db, input.email)) return fail(new AppError('EMAIL_TAKEN'));
  try {
    await assertUncommonPassword(input.password, 'password');
  } catch (error) {
    return fail(error as AppError);
  }
  const passwordHash = await hashPassword(input.password);

  let user: User;
  try {
    // One transaction: the user, their medic or patient row, the doctor link and the audit event
    // exist together or not at all.
    // A refusal in it (DOCTOR_NOT_FOUND, EMAIL_TAKEN) is audited under the anonymous caller.
    user = await auditedSignInChange(deps.db, anonymousAt(meta), { action: 'auth.register' }, async (tx, succeeded) => {
      const doctor = input.doctorEmail ? await findActiveMedicByEmail(tx, input.doctorEmail) : undefined;
      if (input.doctorEmail && !doctor) throw new AppError('DOCTOR_NOT_FOUND');
      if (await findUserByEmail(tx, input.email)) throw new AppError('EMAIL_TAKEN');

      const firstMedic = input.type === 'medic' && !(await hasAdministrator(tx));
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          type: input.type,
          name: input.name,
          lname: input.lname,
          isAdmin: firstMedic,
          status: input.type === 'medic' && !firstMedic ? 'pending' : 'active',
        })
        .returning();
      const created = row!;
      if (input.type === 'medic') {
        await tx.insert(medics).values({ userId: created.id });
      } else {
        const [patient] = await tx.insert(patients).values({ userId: created.id }).returning({ id: patients.id });
        if (doctor) await tx.insert(medicPatients).values({ medicId: doctor.medicId, patientId: patient!.id });
      }
      const detail = firstMedic ? 'administrator' : created.status === 'pending' ? 'pending approval' : input.doctorEmail ? 'linked to doctor' : null;
      // The new account registered itself: its success event names it.
      await succeeded({ detail }, { userId: created.id, type: created.type, ip: meta.ip, name: created.name, lname: created.lname });
      return toUser(created, NO_SECOND_FACTOR);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(new AppError('EMAIL_TAKEN'));
    throw error;
  }
  if (user.status === 'pending') return { pending: true, message: PENDING_MESSAGE };
  return await startSession(deps, user, meta);
}

export async function login(deps: AccountDeps, meta: RequestMeta, input: LoginInput): Promise<LoginResult> {
  const email = input.email.trim();
  // Counted before the hash is checked, so guesses in flight at once cannot exceed the limits.
  const attempt = await deps.signInFailures.reserve(meta.ip, email);
  if (!attempt) return refuse(deps.db, anonymousAt(meta), { action: 'auth.login', outcome: 'denied', detail: 'RATE_LIMITED' }, new AppError('RATE_LIMITED'));
  const row = await findUserByEmail(deps.db, email);
  const valid = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
  if (!row || !valid) {
    attempt.failed();
    return refuse(
      deps.db,
      { ...anonymousAt(meta), userId: row?.id ?? null },
      { action: 'auth.login', outcome: 'failure', detail: row ? 'wrong password' : 'unknown email' },
      new AppError('INVALID_CREDENTIALS'),
    );
  }
  // Only after the password is right: the account's state is nobody else's business.
  if (row.status !== 'active') {
    await attempt.withdrawn();
    const code = row.status === 'pending' ? 'ACCOUNT_PENDING' : 'ACCOUNT_DISABLED';
    return refuse(deps.db, { userId: row.id, type: row.type, ip: meta.ip, name: row.name, lname: row.lname }, { action: 'auth.login', outcome: 'denied', detail: code }, new AppError(code));
  }
  const twoFactor = await findTwoFactorState(deps.db, row.id);
  const challenge = await challengeSecondFactor(deps.db, { userId: row.id, type: row.type, ip: meta.ip, name: row.name, lname: row.lname }, twoFactor, deps.now());
  if (challenge) {
    // The password alone opens nothing yet: the attempt stops counting, but the address is not
    // trusted and the account's count is not cleared (succeeded would let codes be guessed forever,
    // a right password between each few). The second factor's success settles that.
    await attempt.withdrawn();
    return challenge;
  }
  await attempt.succeeded();
  return await openSignedInSession(deps, toUser(row, twoFactor), meta, null);
}

/**
 * The end of every sign-in (password, second factor, passkey): the session and its audit event are
 * one change and commit together. `detail` says how the user proved who they are, when not by
 * password alone; `before` runs in the same transaction (a challenge consumed, a code spent).
 */
export async function openSignedInSession(
  deps: AccountDeps,
  user: User,
  meta: RequestMeta,
  detail: string | null,
  before?: (tx: DbOrTx) => Promise<void> | void,
): Promise<Session> {
  const who: AuditActor = { userId: user.idUser, type: user.type, ip: meta.ip, name: user.name, lname: user.lname };
  // The proof was checked and its refusals audited before: nothing is left to refuse here.
  return await auditedSignInChange(deps.db, who, { action: 'auth.login', auditRefusal: false }, async (tx, succeeded) => {
    await before?.(tx);
    await succeeded({ detail });
    return await startSession(deps, user, meta, tx);
  });
}

const wrongCurrentPassword = () =>
  new AppError('VALIDATION_FAILED', 'Invalid input. currentPassword: The current password is not correct.', [
    { path: 'currentPassword', message: 'validation.currentPasswordWrong' },
  ]);

/**
 * A signed-in user picks a new password, proving the current one. Wrong guesses count like failed
 * sign-ins, so a stolen session cannot be used to guess the password. Every other session ends.
 */
export async function changePassword(caller: Caller, signInFailures: SignInFailures, input: ChangePasswordInput): Promise<void> {
  const { db, actor } = caller;
  const who = whoIs(caller);
  const fail = async (error: AppError): Promise<never> =>
    refuse(db, who, { action: 'auth.changePassword', outcome: error.code === 'RATE_LIMITED' ? 'denied' : 'failure', detail: error.code }, error);
  const attempt = await signInFailures.reserve(caller.ip, actor.email) ?? (await fail(new AppError('RATE_LIMITED')));
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    attempt.failed();
    return fail(wrongCurrentPassword());
  }
  await attempt.withdrawn();
  if (input.newPassword === input.currentPassword) {
    return fail(new AppError('VALIDATION_FAILED', 'Invalid input. newPassword: The new password must differ from the current one.', [
      { path: 'newPassword', message: 'validation.passwordUnchanged' },
    ]));
  }
  try {
    await assertUncommonPassword(input.newPassword, 'newPassword');
  } catch (error) {
    return fail(error as AppError);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await auditedChange(caller, { action: 'auth.changePassword' }, async (tx, succeeded) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
    // A temporary password (a medic's new patient, an administrator's reset) replaced by the user's
    // own is the moment the account becomes theirs: the trail says so.
    await succeeded({ detail: actor.mustChangePassword ? 'account activated' : null });
  });
}

export const profile = (actor: Actor): { user: User } => ({
  // A signed-in actor's account is active: findActor finds no other.
  user: toUser({ ...actor, id: actor.userId, status: 'active' }, actor.twoFactor),
});

export async function logout(caller: Caller): Promise<void> {
  await auditedChange(caller, { action: 'auth.logout' }, async (tx, succeeded) => {
    await revokeSession(tx, caller.actor.sessionId);
    await succeeded();
  });
}
