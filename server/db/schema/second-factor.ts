// Second factors (API.md "Second factor, passkeys and oversight"): a TOTP secret and its
// recovery codes, WebAuthn passkeys, the sign-in challenge that stands between a right password and
// a session, and the WebAuthn ceremonies in flight. Everything cascades with its user: an account
// removed takes its factors with it.
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns';
import { users } from './users';

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One TOTP secret per user. `confirmedAt` is null between setup and the first right code: an
 * unconfirmed secret is not a second factor. `lastUsedStep` is the 30-second step of the last code
 * that signed in, so the same code (or an older one) is refused when presented again.
 */
export const totpSecrets = sqliteTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the authenticator app was given it. */
  secret: text('secret').notNull(),
  confirmedAt: text('confirmed_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** Ten single-use codes, shown once; only their hashes are kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: id(),
    userId: owner(),
    codeHash: text('code_hash').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A WebAuthn credential: several per user, each named by its owner. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: id(),
    userId: owner(),
    /** The credential id, base64url, as the authenticator reports it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
    signCount: integer('sign_count').notNull().default(0),
    /** JSON array of the authenticator's transports ("internal", "usb", ...), to hint the browser. */
    transports: text('transports'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The step between a right password and a session for an account with a second factor: it lives
 * 5 minutes and dies after 5 wrong codes (API.md). Deleted when it opens a session.
 */
export const signInChallenges = sqliteTable(
  'sign_in_challenges',
  {
    /** Random, base64url: the `challenge` the client sends back. */
    id: text('id').primaryKey(),
    userId: owner(),
    expiresAt: text('expires_at').notNull(),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/**
 * A WebAuthn ceremony in flight: the random challenge the server handed to the browser, for whom
 * (null for a passwordless sign-in, where nobody is known yet) and for what. Single use.
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** Set when the ceremony completes a password sign-in's second step. */
    signInChallengeId: text('sign_in_challenge_id'),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
