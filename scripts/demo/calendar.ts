// Days and moments in the practice's time zone (the process's TZ, as the server reads it), counted
// back from today, so the demo's two years always end today.
import { localDay } from '../../shared/dates';

export interface DemoCalendar {
  today: string;
  /** The calendar day `days` before today. */
  daysAgo(days: number): string;
  /** A calendar day `years` after `day` (for next doses). */
  yearsAfter(day: string, years: number): string;
  /** `day` at `minutes` after midnight, as YYYY-MM-DDTHH:mm. */
  at(day: string, minutes: number): string;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const clockTime = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

export function demoCalendar(now: Date): DemoCalendar {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return {
    today: localDay(midnight),
    // Built from the local date's parts, so a summer-time change never shifts a day.
    daysAgo: (days) => localDay(new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() - days)),
    yearsAfter: (day, years) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      return localDay(new Date(y + years, m - 1, d));
    },
    at: (day, minutes) => `${day}T${clockTime(minutes)}`,
  };
}
