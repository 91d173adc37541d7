// A patient's age, computed from the birth date whenever it is shown and never stored: a stored age
// is wrong a year later. The server counts to its own "today" (the practice's time zone), the
// client to the browser's. Both days are calendar dates (YYYY-MM-DD), so no time zone enters here.

export interface Age {
  /** Whole years lived. */
  years: number;
  /** Whole months lived, all of them (18 for a year and a half): what a small child's age is told in. */
  months: number;
  /** Whole days lived. */
  days: number;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(day: string): [number, number, number] | undefined {
  const match = CALENDAR_DATE.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(2000, month - 1, date));
  check.setUTCFullYear(year);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? [year, month, date] : undefined;
}

const dayNumber = ([year, month, date]: [number, number, number]) => {
  const instant = new Date(Date.UTC(2000, month - 1, date));
  instant.setUTCFullYear(year);
  return Math.round(instant.getTime() / 86_400_000);
};

/**
 * The age on `today` of someone born on `birthDate`, or null when either is not a real date or the
 * birth is after `today`. A month (and so a year) is complete once its day of the month is reached:
 * someone born on 29 February turns a year older on 1 March in a common year (the anniversary day
 * does not exist, and the year is not full until the day after 28 February), and on 29 February in
 * a leap year; someone born on 31 January is one month old on 1 March.
 */
export function ageOn(birthDate: string, today: string): Age | null {
  const birth = partsOf(birthDate);
  const now = partsOf(today);
  if (!birth || !now || birthDate > today) return null;
  const months = (now[0] - birth[0]) * 12 + (now[1] - birth[1]) - (now[2] < birth[2] ? 1 : 0);
  return { years: Math.floor(months / 12), months, days: dayNumber(now) - dayNumber(birth) };
}

/** How an age is best told: in years from 2, in months from one month, in days before that. */
export type AgeUnit = 'years' | 'months' | 'days';

export function ageInWords(age: Age): { unit: AgeUnit; count: number } {
  if (age.years >= 2) return { unit: 'years', count: age.years };
  if (age.months >= 1) return { unit: 'months', count: age.months };
  return { unit: 'days', count: age.days };
}
