// Reading accounts, shared by the services that sign in, register and link people.
import { eq, sql } from 'drizzle-orm';
import type { User } from '../../shared/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Emails are compared case-insensitively; this uses the unique index on lower(email). */
export const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export function findUserByEmail(db: DbOrTx, email: string): UserRow | undefined {
  return db.select().from(users).where(byEmail(email)).get();
}

export function toUser(row: Pick<UserRow, 'id' | 'name' | 'lname' | 'email' | 'type' | 'phone' | 'address'>): User {
  return {
    idUser: row.id,
    name: row.name,
    lname: row.lname,
    email: row.email,
    type: row.type,
    phone: row.phone,
    address: row.address,
  };
}
