import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id } from './columns';

/**
 * Failed (and in-flight) sign-in attempts, counted against three keys each (auth/sign-in-failures.ts).
 * In the database, not in a server's memory: the servers of a clinic network share one count, and a
 * restart forgets nothing. `key` is a SHA-256 of what is counted (an address, an account, an account
 * from an address), so no email or address is kept here in the clear.
 */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: id(),
    /** The attempt the row counts for: its three rows are withdrawn together. */
    attempt: text('attempt').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the account, on the rows that count against one: an administrator's reset forgets them. */
    account: text('account'),
    /** Milliseconds since the epoch. */
    at: integer('at').notNull(),
  },
  (t) => [index('sign_in_attempts_key_at_idx').on(t.key, t.at), index('sign_in_attempts_attempt_idx').on(t.attempt), index('sign_in_attempts_at_idx').on(t.at), index('sign_in_attempts_account_idx').on(t.account)],
);

/** Addresses an account signed in from successfully, exempt from the count of its new addresses. */
export const signInTrustedAddresses = sqliteTable('sign_in_trusted_addresses', {
  /** SHA-256 of the account and the address. */
  key: text('key').primaryKey(),
  /** Milliseconds since the epoch of the latest success from there. */
  since: integer('since').notNull(),
});
