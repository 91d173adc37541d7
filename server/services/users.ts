// Reading accounts, shared by the services that sign in, register and link people.
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '../../shared/auth';
import type { DbOrTx } from '../db/client';
import { medics, users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Emails are compared case-insensitively; this uses the unique index on lower(email). */
export const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export function findUserByEmail(db: DbOrTx, email: string): UserRow | undefined {
  return db.select().from(users).where(byEmail(email)).get();
}

export function toUser(
  row: Pick<UserRow, 'id' | 'name' | 'lname' | 'email' | 'type' | 'phone' | 'address' | 'status' | 'isAdmin' | 'mustChangePassword'>,
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
  };
}

/** The medic behind an email, only while the account is active: pending and disabled medics are invisible. */
export function findActiveMedicByEmail(db: DbOrTx, email: string): { medicId: number; userId: number } | undefined {
  return db
    .select({ medicId: medics.id, userId: users.id })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(and(byEmail(email), eq(users.status, 'active')))
    .get();
}
