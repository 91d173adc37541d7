// The agenda (API.md "The clinical day"): a medic's appointments over a range of calendar days. The
// range rules live here once, for the procedure's schema, the service (which fills in "today") and
// the client's navigation.
import { z } from 'zod';
import { calendarDateSchema } from './fields';

/** The longest range one read may cover, both ends counted: two months of 31 days. */
export const AGENDA_MAX_DAYS = 62;

const MS_PER_DAY = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// Calendar arithmetic in UTC: a day is a day there, whatever daylight saving does to the practice's clock.
const utcOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(2000, month - 1, date));
  utc.setUTCFullYear(year);
  return utc;
};

/** The calendar day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const next = utcOf(day);
  next.setUTCDate(next.getUTCDate() + days);
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** How many calendar days `from`..`to` covers, both ends counted (0 or less when `to` is before `from`). */
export const daysCovered = (from: string, to: string) => Math.round((utcOf(to).getTime() - utcOf(from).getTime()) / MS_PER_DAY) + 1;

/** 0 (Monday) to 6 (Sunday): the practice's week starts on Monday (ISO 8601, and Spanish calendars), in either language. */
export const weekdayIndex = (day: string) => (utcOf(day).getUTCDay() + 6) % 7;

/** What is wrong with a range, as a validation key, or null when it may be read. */
export function agendaRangeIssue(from: string, to: string): string | null {
  const days = daysCovered(from, to);
  if (days < 1) return 'validation.agendaRangeOrder';
  if (days > AGENDA_MAX_DAYS) return 'validation.agendaRangeTooLong';
  return null;
}

/**
 * GET /medics/agenda?from=&to=. A missing `from` is today (the server's, in the practice's time
 * zone) and a missing `to` is `from`; the service checks the range once both are known.
 */
export const agendaInput = z
  .object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .superRefine(({ from, to }, ctx) => {
    const issue = from && to ? agendaRangeIssue(from, to) : null;
    if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
  });
export type AgendaRange = z.output<typeof agendaInput>;

/** One appointment of the agenda (API.md "AgendaItem"). */
export interface AgendaItem {
  idHistory: number;
  idPatient: number;
  patient: { name: string; lname: string; birthDate: string | null };
  /** The practice-local moment YYYY-MM-DDTHH:mm. */
  date: string;
  start: string;
  end: string | null;
  motive: string;
  closed: boolean;
}
