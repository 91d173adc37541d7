// The decade's calendar: `years` years up to today, as the moments the schema stores (ISO UTC for
// created_at and the audit trail, practice-local YYYY-MM-DDTHH:mm for appointments).

const DAY_MS = 86_400_000;

export interface DecadeClock {
  startMs: number;
  endMs: number;
  /** A moment `fraction` (0..1) of the way through the decade. */
  at(fraction: number): number;
  iso(ms: number): string;
  /** The practice-local appointment time: a working hour, on the half hour. */
  appointmentTime(ms: number, slot: number): string;
  day(ms: number): string;
}

export function decadeClock(years: number, now = new Date()): DecadeClock {
  // Up to yesterday: every seeded appointment is in the past and so may be closed.
  const endMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
  const startMs = endMs - Math.round(years * 365.25) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    startMs,
    endMs,
    at: (fraction) => startMs + Math.floor(fraction * (endMs - startMs)),
    iso: (ms) => new Date(ms).toISOString(),
    appointmentTime: (ms, slot) => {
      const minutes = 8 * 60 + (slot % 20) * 30;
      return `${day(ms)}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    },
    day,
  };
}
