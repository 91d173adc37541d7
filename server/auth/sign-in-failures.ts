// Counts failed sign-ins to slow down password guessing, without letting an attacker lock a
// user out from everywhere:
// - per address: one address guessing at many accounts;
// - per account from one address: guessing at one account from one place;
// - per account from addresses it was never signed in from: a distributed guess at one account.
//   Addresses the account signed in from successfully are exempt, so its owner keeps access.
// One process serves the practice, so the counts live in memory; a restart forgets them.

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

  recordFailure(address: string, email: string): void {
    const account = email.toLowerCase();
    for (const key of [`addr:${address}`, `acct:${account}|${address}`, `acct:${account}`]) {
      const times = this.recent(key);
      times.push(this.now());
      this.failures.set(key, times);
    }
    this.evictIfHuge();
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
