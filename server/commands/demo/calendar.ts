// Days and moments in the practice's time zone (the process's TZ, as the server reads it), counted
// back from today, so the demo's two years always end today.
import { addDays, daysCovered, weekdayIndex } from '../../../shared/agenda';
import { localDay } from '../../../shared/dates';

export interface DemoCalendar {
  today: string;
  /** The calendar day `days` before today. */
  daysAgo(days: number): string;
  /** How many days before today `day` is (negative when it is later). */
  daysSince(day: string): number;
  /** A calendar day `years` after `day` (for next doses). */
  yearsAfter(day: string, years: number): string;
  /** A calendar day `months` after `day` (the vaccination calendar counts months from birth). */
  monthsAfter(day: string, months: number): string;
  /** `day` at `minutes` after midnight, as YYYY-MM-DDTHH:mm. */
  at(day: string, minutes: number): string;
  /** The working days (Monday to Friday) after today up to the Friday of next week: the agenda's coming days. */
  comingWorkingDays(): string[];
  /** `days` before today, or more when that falls on a weekend: the Friday before it (a practice's past visits). */
  weekdayAgo(days: number): number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const clockTime = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];

export function demoCalendar(now: Date): DemoCalendar {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const today = localDay(midnight);
  return {
    today,
    // Built from the local date's parts, so a summer-time change never shifts a day.
    daysAgo: (days) => localDay(new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() - days)),
    daysSince: (day) => daysCovered(day, today) - 1,
    yearsAfter: (day, years) => {
      const [y, m, d] = partsOf(day);
      return localDay(new Date(y + years, m - 1, d));
    },
    monthsAfter: (day, months) => {
      const [y, m, d] = partsOf(day);
      return localDay(new Date(y, m - 1 + months, d));
    },
    at: (day, minutes) => `${day}T${clockTime(minutes)}`,
    weekdayAgo: (days) => {
      const weekday = weekdayIndex(localDay(new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() - days)));
      return weekday < 5 ? days : days + weekday - 4;
    },
    comingWorkingDays: () => {
      const nextFriday = addDays(today, 7 - weekdayIndex(today) + 4);
      const days: string[] = [];
      for (let day = addDays(today, 1); day <= nextFriday; day = addDays(day, 1)) if (weekdayIndex(day) < 5) days.push(day);
      return days;
    },
  };
}
