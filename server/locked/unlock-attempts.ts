// How many wrong passphrases and recovery keys one address may give a locked practice: few, since
// each guess is a guess at the key to every record, and a person who knows the passphrase needs
// one or two tries. Counted as sign-ins are (auth/sign-in-failures.ts): an attempt counts from the
// moment it is taken up, before its passphrase is checked, and is withdrawn only if it was right,
// so attempts sent at once cannot get more guesses checked than the limit. In memory: the locked
// server lives until the practice opens, and a restart is the practice's own doing.

export interface UnlockLimits {
  windowMs: number;
  perAddress: number;
}

export const defaultUnlockLimits: UnlockLimits = { windowMs: 15 * 60_000, perAddress: 5 };

/** Bounded memory under a flood from many addresses: the oldest addresses are forgotten first. */
const MAX_ADDRESSES = 10_000;

export type UnlockAttempt =
  | { allowed: true; /** The key opened: the attempt stops counting. */ succeeded(): void }
  | { allowed: false; /** Whole seconds until the oldest counted failure leaves the window. */ retryAfterSeconds: number };

export class UnlockAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: UnlockLimits = defaultUnlockLimits,
    private readonly now: () => number = Date.now,
  ) {}

  take(address: string): UnlockAttempt {
    const times = this.recent(address);
    if (times.length >= this.limits.perAddress) {
      const retryAfterMs = times[0]! + this.limits.windowMs - this.now();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    const time = this.now();
    times.push(time);
    // Re-inserted, so the map's order is the order of last use and the oldest go first.
    this.failures.delete(address);
    this.failures.set(address, times);
    while (this.failures.size > MAX_ADDRESSES) this.failures.delete(this.failures.keys().next().value!);
    return {
      allowed: true,
      succeeded: () => {
        const counted = this.failures.get(address);
        const at = counted?.indexOf(time) ?? -1;
        if (counted && at >= 0) counted.splice(at, 1);
      },
    };
  }

  private recent(address: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    return (this.failures.get(address) ?? []).filter((time) => time > cutoff);
  }
}
