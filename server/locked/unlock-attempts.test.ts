// Wrong unlock attempts per address (unlock-attempts.ts).
import { describe, expect, it } from 'vitest';
import { UnlockAttempts } from './unlock-attempts';

describe('unlock attempts', () => {
  it('allows five wrong ones from an address in 15 minutes, then answers how long to wait, and forgets them as they age', () => {
    let now = 1_000_000;
    const attempts = new UnlockAttempts(undefined, () => now);
    for (let i = 0; i < 5; i += 1) {
      expect(attempts.take('10.0.0.5').allowed).toBe(true);
      now += 60_000;
    }
    expect(attempts.take('10.0.0.5')).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 });
    // Another address is not held back by this one's guesses.
    expect(attempts.take('10.0.0.6').allowed).toBe(true);
    now += 10 * 60_000;
    expect(attempts.take('10.0.0.5').allowed).toBe(true);
  });

  it('counts an attempt from the moment it is taken, so attempts in flight at once cannot pass the limit, and withdraws a right one', () => {
    const attempts = new UnlockAttempts({ windowMs: 60_000, perAddress: 2 });
    const first = attempts.take('::1');
    const second = attempts.take('::1');
    expect(attempts.take('::1').allowed).toBe(false);
    if (!first.allowed || !second.allowed) throw new Error('both were allowed');
    first.succeeded();
    expect(attempts.take('::1').allowed).toBe(true);
  });
});
