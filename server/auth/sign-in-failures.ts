// Counts failed sign-ins to slow down password guessing, without letting an attacker lock a
// user out from everywhere:
// - per address: one address guessing at many accounts;
// - per account from one address: guessing at one account from one place;
// - per account from addresses it was never signed in from: a distributed guess at one account.
//   Addresses the account signed in from successfully are exempt, so its owner keeps access.
// The counts live in the database, not in a server's memory: every server of a clinic network adds
// to the same count, and a restart forgets nothing. `key` is a SHA-256 of what is counted, so no email
// or address is kept there in the clear.
//
// An attempt is counted when it is reserved, before its password is hashed, and settled after:
// a wrong password leaves it counted, a right one withdraws it. So attempts in flight at once (a
// tRPC batch, parallel requests, two servers) count against the limit too, and never more than the
// limit of guesses is ever checked: reservations take turns (PostgreSQL: one advisory lock; SQLite:
// its one writer).
import { createHash, randomUUID } from 'node:crypto';
import { engineNameOf, type Db, type DbOrTx } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawRows, rawRun } from '../db/raw-sql';

export interface SignInLimits {
  windowMs: number;
  perAddress: number;
  perAccountFromAddress: number;
  perAccountFromNewAddresses: number;
}

export const defaultSignInLimits: SignInLimits = {
  windowMs: 15 * 60_000,
  perAddress: 30,
  perAccountFromAddress: 5,
  perAccountFromNewAddresses: 50,
};

const TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60_000;
/** The advisory lock sign-in reservations take turns on (PostgreSQL): any constant no other lock uses. */
const SIGN_IN_LOCK = 7_102_001;

/** One counted attempt, to settle once its password has been checked. */
export interface SignInAttempt {
  /** The password was right: the attempt stops counting and the address becomes the account's own. */
  succeeded(): Promise<void>;
  /** The password was right but the sign-in goes no further (an account not yet active): it stops counting. */
  withdrawn(): Promise<void>;
  /** A wrong password: the attempt keeps counting (nothing to do; named so every path settles). */
  failed(): void;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

function keysOf(address: string, email: string) {
  const account = email.toLowerCase();
  return {
    address: digest(`addr:${address}`),
    accountFromAddress: digest(`acct:${account}|${address}`),
    account: digest(`acct:${account}`),
    accountOnly: digest(account),
    trusted: digest(`${account}|${address}`),
  };
}

export class SignInFailures {
  constructor(
    private readonly db: Db,
    private readonly limits: SignInLimits = defaultSignInLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when an attempt now must be refused before its password is even checked. */
  async isBlocked(address: string, email: string): Promise<boolean> {
    return this.blocked(this.db, address, email);
  }

  /** Counts an attempt now, or answers null when it must be refused before its password is checked. */
  async reserve(address: string, email: string): Promise<SignInAttempt | null> {
    const attempt = await inTransaction(this.db, async (tx) => {
      await takeTurn(tx);
      if (await this.blocked(tx, address, email)) return null;
      return this.insertAttempt(tx, address, email);
    });
    if (attempt === null) return null;
    return {
      succeeded: () => inTransaction(this.db, async (tx) => {
        await withdraw(tx, attempt);
        await this.trust(tx, address, email);
      }),
      withdrawn: () => withdraw(this.db, attempt),
      failed: () => {},
    };
  }

  /** Counts a failure outright (the attempt identifier is returned for tests). */
  async recordFailure(address: string, email: string): Promise<string> {
    return inTransaction(this.db, (tx) => this.insertAttempt(tx, address, email));
  }

  async recordSuccess(address: string, email: string): Promise<void> {
    await inTransaction(this.db, (tx) => this.trust(tx, address, email));
  }

  /**
   * Every count against one account, from every address: an administrator who resets its second
   * factor has vouched for its owner, whose wrong codes before the reset must not keep them out.
   * The per-address counts stay: they are about the address, not the account.
   */
  async forgetAccount(email: string): Promise<void> {
    await rawRun(this.db, 'delete from sign_in_attempts where account = ?', [digest(email.toLowerCase())]);
  }

  private async blocked(db: DbOrTx, address: string, email: string): Promise<boolean> {
    const keys = keysOf(address, email);
    const since = this.now() - this.limits.windowMs;
    const counts = new Map(
      (
        await rawRows<{ key: string; n: number }>(db, 'select key, count(*) as n from sign_in_attempts where key in (?, ?, ?) and at > ? group by key', [
          keys.address,
          keys.accountFromAddress,
          keys.account,
          since,
        ])
      ).map((row) => [row.key, Number(row.n)]),
    );
    if ((counts.get(keys.address) ?? 0) >= this.limits.perAddress) return true;
    if ((counts.get(keys.accountFromAddress) ?? 0) >= this.limits.perAccountFromAddress) return true;
    const trusted = await rawRows<{ since: number }>(db, 'select since from sign_in_trusted_addresses where key = ?', [keys.trusted]);
    if (trusted.length > 0 && this.now() - Number(trusted[0]!.since) < TRUSTED_ADDRESS_MS) return false;
    return (counts.get(keys.account) ?? 0) >= this.limits.perAccountFromNewAddresses;
  }

  private async insertAttempt(tx: DbOrTx, address: string, email: string): Promise<string> {
    const keys = keysOf(address, email);
    const attempt = randomUUID();
    const at = this.now();
    // Counts older than the window no longer count for anyone: they go as new ones come.
    await rawRun(tx, 'delete from sign_in_attempts where at <= ?', [at - this.limits.windowMs]);
    await rawRun(tx, 'insert into sign_in_attempts (attempt, key, account, at) values (?, ?, null, ?), (?, ?, ?, ?), (?, ?, ?, ?)', [
      attempt,
      keys.address,
      at,
      attempt,
      keys.accountFromAddress,
      keys.accountOnly,
      at,
      attempt,
      keys.account,
      keys.accountOnly,
      at,
    ]);
    return attempt;
  }

  private async trust(tx: DbOrTx, address: string, email: string): Promise<void> {
    const keys = keysOf(address, email);
    const at = this.now();
    await rawRun(tx, 'delete from sign_in_attempts where key = ?', [keys.accountFromAddress]);
    await rawRun(tx, 'delete from sign_in_trusted_addresses where since <= ?', [at - TRUSTED_ADDRESS_MS]);
    await rawRun(tx, 'insert into sign_in_trusted_addresses (key, since) values (?, ?) on conflict (key) do update set since = excluded.since', [keys.trusted, at]);
  }
}

const withdraw = (db: DbOrTx, attempt: string) => rawRun(db, 'delete from sign_in_attempts where attempt = ?', [attempt]).then(() => undefined);

/** Reservations take turns across the servers sharing a PostgreSQL database; SQLite's writer already does. */
async function takeTurn(tx: DbOrTx): Promise<void> {
  if (engineNameOf(tx) === 'postgres') await rawRows(tx, 'select pg_advisory_xact_lock(?)', [SIGN_IN_LOCK]);
}
