// Tests of what depends on today's date (the agenda, the medic home's count of today's appointments)
// see a fixed "now"; only Date is faked, so timers, waits and user events still run as usual.
import { afterEach, beforeEach, vi } from 'vitest';

/** Called inside a describe: each of its tests sees `now` as the current date; real dates again after each. */
export function freezeDateAt(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
