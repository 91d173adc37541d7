import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns';

/** Every account, medic or patient. Emails are unique whatever their case. */
export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type', { enum: ['patient', 'medic'] }).notNull(),
    name: text('name').notNull(),
    lname: text('lname').notNull(),
    phone: text('phone'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_lname_name_idx').on(t.lname, t.name),
  ],
);

export const medics = sqliteTable('medics', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  whatsapp: text('whatsapp'),
  about: text('about'),
});

/** A signed-in session: the token carries its id, so logout can revoke one session alone. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
