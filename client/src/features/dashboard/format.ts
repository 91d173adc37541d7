// Dates, times and measures in the active language (DESIGN.md: Intl, never hand-built strings).
// The server sends three kinds of time: calendar dates and practice-local moments, which must be
// read as local time (a UTC reading would move them a day in the Americas), and audit instants in
// ISO UTC, which carry their zone.

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

export function parseServerDate(value: string): Date {
  const match = LOCAL_DATE.exec(value);
  if (!match) return new Date(value);
  const [, year, month, day, hours = '0', minutes = '0'] = match;
  return new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
}

const validOr = (date: Date, fallback: string, format: (date: Date) => string) =>
  Number.isNaN(date.getTime()) ? fallback : format(date);

/** "martes, 4 de marzo de 2025" / "Tuesday, March 4, 2025". */
export const formatLongDate = (value: string, language: string) =>
  validOr(parseServerDate(value), value, (date) => new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(date));

/** "4 mar 2025" / "Mar 4, 2025". */
export const formatDate = (value: string, language: string) =>
  validOr(parseServerDate(value), value, (date) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date));

/** An audit instant: date and time in the browser's zone. */
export const formatDateTime = (value: string, language: string) =>
  validOr(parseServerDate(value), value, (date) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date),
  );

/** "HH:mm" as the language writes times: "15:30" in Spanish, "3:30 PM" in English. */
export function formatTime(value: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(2000, 0, 1, Number(match[1]), Number(match[2]));
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
}

/** A number with its unit (SPEC §1: kg, cm, °C, mmHg, bpm, %), decimal comma in Spanish. */
export function formatMeasure(value: number, unit: string, language: string, maximumFractionDigits = 1): string {
  if (unit === '%') return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits }).format(value / 100);
  // A no-break space keeps the number and its unit on one line.
  return `${new Intl.NumberFormat(language, { maximumFractionDigits }).format(value)}\u00a0${unit}`;
}
