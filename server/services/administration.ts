// The practice administrator's work (API.md "Practice administration"): approving, disabling and
// enabling medics, and resetting any account's password or second factors. Each change and its
// audit event commit together.
import { randomInt } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { AccountSummary, MedicAccount } from '../../shared/admin';
import { refuse } from '../audit/record-audit';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import type { SignInFailures } from '../auth/sign-in-failures';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { auditedChange } from './audited-change';
import { auditAs, whoIs, type Caller } from './caller';
import { medics, users } from '../db/schema/index';
import { AppError } from '../errors';
import { removeSecondFactors } from './second-factor/totp-setup';
import { byEmail } from './users';

/** Medic accounts, pending first, then by last name and name (or only `onlyMedicId`). */
export async function listMedicAccounts(db: DbOrTx, onlyMedicId?: number): Promise<MedicAccount[]> {
  return await db
    .select({
      idMedic: medics.id,
      idUser: users.id,
      name: users.name,
      lname: users.lname,
      email: users.email,
      status: users.status,
      isAdmin: users.isAdmin,
      createdAt: users.createdAt,
    })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(onlyMedicId === undefined ? undefined : eq(medics.id, onlyMedicId))
    .orderBy(sql`case ${users.status} when 'pending' then 0 else 1 end`, asc(caseless(db, users.lname)), asc(caseless(db, users.name)), asc(medics.id));
}

/** A name as ordered regardless of ASCII case: SQLite's `collate nocase`, PostgreSQL's `lower(x) collate "C"` (db/postgres/from-sqlite.ts). */
const caseless = (db: DbOrTx, column: SQLiteColumn) =>
  engineNameOf(db) === 'sqlite' ? sql`${column} collate nocase` : sql`lower(${column}) collate "C"`;

export type MedicStatusChange = 'approve' | 'disable' | 'enable';

const statusAfter: Record<MedicStatusChange, MedicAccount['status']> = { approve: 'active', enable: 'active', disable: 'disabled' };

/** Approve a pending medic, or disable or enable one. A disabled medic's sessions end at once. */
export async function changeMedicStatus(caller: Caller, idMedic: number, change: MedicStatusChange): Promise<MedicAccount> {
  const action = `admin.${change}Medic` as const;
  const admin = caller.actor;
  return await auditedChange(caller, { action }, async (tx, succeeded) => {
    const [medic] = await listMedicAccounts(tx, idMedic);
    if (!medic) throw new AppError('NOT_FOUND', 'No such medic.');
    if (medic.idUser === admin.userId) throw new AppError('FORBIDDEN', 'You cannot change the status of your own account.');
    if (change === 'approve' && medic.status !== 'pending') throw new AppError('FORBIDDEN', 'Only a medic waiting for approval can be approved.');
    await tx.update(users).set({ status: statusAfter[change] }).where(eq(users.id, medic.idUser));
    if (change === 'disable') await revokeUserSessions(tx, medic.idUser);
    await succeeded({ detail: `medic ${idMedic}` });
    return (await listMedicAccounts(tx, idMedic))[0]!;
  });
}

// No 0/O, 1/l/I: the administrator reads it out or writes it down for the user.
const READABLE = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 characters from 55 (about 92 bits), in groups of four for reading aloud. */
export function temporaryPassword(): string {
  const chars = Array.from({ length: 16 }, () => READABLE[randomInt(READABLE.length)]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/**
 * Gives any account (medic or patient) a temporary password, shown once to the administrator. The
 * account's sessions end, and it must choose a new password at its next sign-in.
 */
export async function resetPassword(caller: Caller, idUser: number): Promise<{ temporaryPassword: string }> {
  const { db, actor: admin } = caller;
  const who = whoIs(caller);
  const fail = async (error: AppError): Promise<never> => refuse(db, who, { action: 'admin.resetPassword', outcome: 'failure', detail: `${error.code} user ${idUser}` }, error);
  if (idUser === admin.userId) return fail(new AppError('FORBIDDEN', 'Use "Change password" for your own account.'));
  if ((await db.select({ id: users.id }).from(users).where(eq(users.id, idUser))).length === 0) return fail(new AppError('NOT_FOUND', 'No such account.'));
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await auditedChange(caller, { action: 'admin.resetPassword' }, async (tx, succeeded) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, idUser));
    await revokeUserSessions(tx, idUser);
    await succeeded({ detail: `user ${idUser}` });
  });
  return { temporaryPassword: password };
}

/**
 * POST /admin/users/:idUser/reset-second-factor: for a user who lost their phone and their recovery
 * codes. Their TOTP, recovery codes and passkeys go, and so do their sessions (whoever holds one may
 * be the reason for the reset); they sign in next with the password alone, at once (the account's failed
 * attempts are forgotten), and may set up a new factor.
 * One transaction: the factors, the sessions and the audit event go together or not at all.
 */
export async function resetSecondFactor(caller: Caller, signInFailures: SignInFailures, idUser: number): Promise<void> {
  const { db, actor: admin } = caller;
  const who = whoIs(caller);
  const fail = async (error: AppError): Promise<never> => refuse(db, who, { action: 'admin.resetSecondFactor', outcome: 'failure', detail: `${error.code} user ${idUser}` }, error);
  // The administrator's own factors are theirs to change from the account page, with their password.
  if (idUser === admin.userId) return fail(new AppError('FORBIDDEN', 'Turn off your own second factors from your account page.'));
  const account = (await db.select({ email: users.email }).from(users).where(eq(users.id, idUser)))[0] ?? (await fail(new AppError('NOT_FOUND', 'No such account.')));
  await auditedChange(caller, { action: 'admin.resetSecondFactor' }, async (tx, succeeded) => {
    await removeSecondFactors(tx, idUser);
    await revokeUserSessions(tx, idUser);
    await succeeded({ detail: `user ${idUser}` });
  });
  // The codes guessed before the reset no longer hold the owner back: they sign in at once.
  await signInFailures.forgetAccount(account.email);
}

/** GET /admin/medics, audited as a read. */
export async function medicAccountsFor(caller: Caller): Promise<MedicAccount[]> {
  const medics = await listMedicAccounts(caller.db);
  await auditAs(caller, { action: 'admin.medics', outcome: 'success', detail: `${medics.length} medics` });
  return medics;
}

/** The account behind an exact email, for the administrator's password reset; audited, found or not. */
export async function findAccount(caller: Caller, email: string): Promise<AccountSummary | null> {
  const [account = null] = await caller.db
    .select({ idUser: users.id, name: users.name, lname: users.lname, email: users.email, type: users.type, status: users.status })
    .from(users)
    .where(byEmail(email));
  await auditAs(caller, { action: 'admin.findAccount', outcome: account ? 'success' : 'failure', detail: account ? `user ${account.idUser}` : 'not found' });
  return account;
}
