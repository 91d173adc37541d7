// Reading accounts, shared by the services that sign in, register and link people.
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { User } from '../../shared/auth';
import type { TwoFactorState } from '../../shared/auth';
import type { DbOrTx } from '../db/client';
import { medics, passkeys, totpSecrets, users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Emails are compared case-insensitively; this uses the unique index on lower(email). */
export const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(byEmail(email)))[0];
}

/** What second factors an account has: a confirmed TOTP (an unconfirmed one is none yet), and passkeys. */
export async function findTwoFactorState(db: DbOrTx, userId: number): Promise<TwoFactorState> {
  const [totp] = await db
    .select({ one: sql`1` })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  const [keys] = await db.select({ count: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return { totp: Boolean(totp), passkeys: keys?.count ?? 0 };
}

/** A new account has no second factor yet. */
export const NO_SECOND_FACTOR: TwoFactorState = { totp: false, passkeys: 0 };

export function toUser(
  row: Pick<UserRow, 'id' | 'name' | 'lname' | 'email' | 'type' | 'phone' | 'address' | 'status' | 'isAdmin' | 'mustChangePassword'>,
  twoFactor: TwoFactorState,
): User {
  return {
    idUser: row.id,
    name: row.name,
    lname: row.lname,
    email: row.email,
    type: row.type,
    phone: row.phone,
    address: row.address,
    isAdmin: row.isAdmin,
    status: row.status,
    mustChangePassword: row.mustChangePassword,
    twoFactor: { totp: twoFactor.totp, passkeys: twoFactor.passkeys },
  };
}

/** The medic behind an email, only while the account is active: pending and disabled medics are invisible. */
export async function findActiveMedicByEmail(db: DbOrTx, email: string): Promise<{ medicId: number; userId: number } | undefined> {
  const [medic] = await db
    .select({ medicId: medics.id, userId: users.id })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(and(byEmail(email), eq(users.status, 'active')));
  return medic;
}
