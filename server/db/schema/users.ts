import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { USER_STATUSES } from '../../../shared/constants';
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
    /** Medics registering after the administrator wait as 'pending' until approved. */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    /** Set by an administrator's password reset: nothing else works until the user picks a new one. */
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_lname_name_idx').on(t.lname, t.name),
    index('users_type_status_idx').on(t.type, t.status),
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
  /** For printed prescriptions: the specialty and the cédula profesional / número de colegiado. */
  specialty: text('specialty'),
  licenseNumber: text('license_number'),
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
    /**
     * The session's last request, written at most once a minute: a session idle for longer than
     * IDLE_MINUTES ends on the server, not only in the browser.
     */
    lastUsedAt: text('last_used_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
