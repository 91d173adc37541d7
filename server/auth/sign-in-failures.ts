// Counts failed sign-ins to slow down password guessing, without letting an attacker lock a
// user out from everywhere:
// - per address: one address guessing at many accounts;
// - per account from one address: guessing at one account from one place;
// - per account from addresses it was never signed in from: a distributed guess at one account.
//   Addresses the account signed in from successfully are exempt, so its owner keeps access.
// One process serves the practice, so the counts live in memory; a restart forgets them.
//
// An attempt is counted when it is reserved, before its password is hashed, and settled after:
// a wrong password leaves it counted, a right one withdraws it. So attempts in flight at once (a
// tRPC batch, parallel requests) count against the limit too, and never more than the limit of
// guesses is ever checked.

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
const MAX_KEYS = 100_000;

/** One counted attempt, to settle once its password has been checked. */
export interface SignInAttempt {
  /** The password was right: the attempt stops counting and the address becomes the account's own. */
  succeeded(): void;
  /** The password was right but the sign-in goes no further (an account not yet active): it stops counting. */
  withdrawn(): void;
  /** A wrong password: the attempt keeps counting (nothing to do; named so every path settles). */
  failed(): void;
}

export class SignInFailures {
  private readonly failures = new Map<string, number[]>();
  private readonly trusted = new Map<string, number>();

  constructor(
    private readonly limits: SignInLimits = defaultSignInLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this attempt must be refused before the password is even checked. */
  isBlocked(address: string, email: string): boolean {
    const account = email.toLowerCase();
    if (this.count(`addr:${address}`) >= this.limits.perAddress) return true;
    if (this.count(`acct:${account}|${address}`) >= this.limits.perAccountFromAddress) return true;
    if (this.isTrusted(account, address)) return false;
    return this.count(`acct:${account}`) >= this.limits.perAccountFromNewAddresses;
  }

  /** Counts an attempt now, or answers null when it must be refused before its password is checked. */
  reserve(address: string, email: string): SignInAttempt | null {
    if (this.isBlocked(address, email)) return null;
    const time = this.recordFailure(address, email);
    const withdraw = () => this.withdraw(address, email, time);
    return {
      succeeded: () => {
        withdraw();
        this.recordSuccess(address, email);
      },
      withdrawn: withdraw,
      failed: () => {},
    };
  }

  recordFailure(address: string, email: string): number {
    const time = this.now();
    for (const key of this.keysOf(address, email)) {
      const times = this.recent(key);
      times.push(time);
      this.failures.set(key, times);
    }
    this.evictIfHuge();
    return time;
  }

  private withdraw(address: string, email: string, time: number): void {
    for (const key of this.keysOf(address, email)) {
      const times = this.failures.get(key);
      const at = times?.indexOf(time) ?? -1;
      if (times && at >= 0) times.splice(at, 1);
    }
  }

  private keysOf(address: string, email: string): string[] {
    const account = email.toLowerCase();
    return [`addr:${address}`, `acct:${account}|${address}`, `acct:${account}`];
  }

  /**
   * Every count against one account, from every address: an administrator who resets its second
   * factor has vouched for its owner, whose wrong codes before the reset must not keep them out.
   * The per-address counts stay: they are about the address, not the account.
   */
  forgetAccount(email: string): void {
    const account = `acct:${email.toLowerCase()}`;
    for (const key of [...this.failures.keys()]) if (key === account || key.startsWith(`${account}|`)) this.failures.delete(key);
  }

  recordSuccess(address: string, email: string): void {
    const account = email.toLowerCase();
    this.failures.delete(`acct:${account}|${address}`);
    this.trusted.set(`${account}|${address}`, this.now());
  }

  private isTrusted(account: string, address: string): boolean {
    const since = this.trusted.get(`${account}|${address}`);
    return since !== undefined && this.now() - since < TRUSTED_ADDRESS_MS;
  }

  private count(key: string): number {
    return this.recent(key).length;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }

  /** Bounded memory: under a flood of invented emails, forget the oldest counts first. */
  private evictIfHuge(): void {
    for (const map of [this.failures, this.trusted] as Map<string, unknown>[]) {
      while (map.size > MAX_KEYS) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
    }
  }
}
