// Dates, times and numbers in the active language (DESIGN.md "Interface conventions": Intl, never
// hand-built strings). The one place the client reads server times and the language to show them.
// The server sends calendar dates and practice-local moments, read as local time (parsing
// "2025-03-04" as UTC would show the previous day west of Greenwich), and instants with their
// zone ("…Z": audit events, requests, backups), read as such.
import { useTranslation } from 'react-i18next';

const LOCAL_MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/** A server date, moment or instant as a Date; null when it is none of them. */
export function parseServerDate(value: string): Date | null {
  const match = LOCAL_MOMENT.exec(value);
  if (!match) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const [, year, month, day, hour = '0', minute = '0'] = match;
  return new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
}

export const hasTime = (value: string) => value.length > 10 && value.includes('T');

/**
 * `make`'s value, made on the first call: each Intl formatter is made when first used, since making
 * all seven at once cost 12 ms of the medic home's first drawing, whose cards use one.
 */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The formatters for one language; components take them from useFormatters. */
export function formatters(language: string) {
  const dayFormat = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }));
  const fullDayFormat = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'full' }));
  const dayTimeFormat = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }));
  const longDayTimeFormat = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }));
  const clockFormat = once(() => new Intl.DateTimeFormat(language, { timeStyle: 'short' }));
  const decimalFormat = once(() => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }));
  const percentFormat = once(() => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }));
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberWith = (maximumFractionDigits: number) => {
    let number = numbers.get(maximumFractionDigits);
    if (!number) numbers.set(maximumFractionDigits, (number = new Intl.NumberFormat(language, { maximumFractionDigits })));
    return number;
  };
  // An unreadable value is shown as it came rather than hidden.
  const withDate = (value: string | null | undefined, format: () => Intl.DateTimeFormat) => {
    if (!value) return '';
    const date = parseServerDate(value);
    return date ? format().format(date) : value;
  };
  return {
    /** The language the texts are formatted in, for formatters of one feature only. */
    language,
    /** A calendar date, or a moment with its time when it has one: "4 mar 2025, 15:30". */
    date: (value: string | null | undefined) => withDate(value, value && hasTime(value) ? dayTimeFormat : dayFormat),
    /** The day alone, even of a moment: "4 mar 2025" / "Mar 4, 2025". */
    day: (value: string | null | undefined) => withDate(value, dayFormat),
    /** The day with its weekday: "martes, 4 de marzo de 2025" / "Tuesday, March 4, 2025". */
    fullDay: (value: string | null | undefined) => withDate(value, fullDayFormat),
    /** An appointment: long date and time. */
    moment: (value: string | null | undefined) => withDate(value, longDayTimeFormat),
    /** A moment's time alone when it falls on `now`'s day, otherwise its date and time too. */
    timeOrDate: (value: string, now = new Date()) => {
      const date = parseServerDate(value);
      if (!date) return value;
      return (date.toDateString() === now.toDateString() ? clockFormat : dayTimeFormat)().format(date);
    },
    /** "HH:mm" as the language writes times: "15:30" in Spanish, "3:30 PM" in English. */
    time: (value: string) => {
      const match = /^(\d{2}):(\d{2})$/.exec(value);
      return match ? clockFormat().format(new Date(2000, 0, 1, Number(match[1]), Number(match[2]))) : value;
    },
    /** A measurement with its unit, e.g. "36,6 °C"; the no-break space keeps them on one line. */
    measure: (value: number | null | undefined, unit: string, maximumFractionDigits = 1) => {
      if (value === null || value === undefined) return '';
      const number = maximumFractionDigits === 1 ? decimalFormat() : numberWith(maximumFractionDigits);
      return `${number.format(value)}\u00a0${unit}`;
    },
    /** A percentage as the language writes it: "98 %" in Spanish, "98%" in English. */
    percent: (value: number | null | undefined) => (value === null || value === undefined ? '' : percentFormat().format(value / 100)),
  };
}

export type Formatters = ReturnType<typeof formatters>;

// One set per language for the whole page: making Intl formatters is slow (tenths of a millisecond
// each), and a record with 50 appointment cards and 100 vital signs has hundreds of components that
// format (184 ms of the click-to-drawn time of a long record went to making them).
const formattersByLanguage = new Map<string, Formatters>();

function formattersFor(language: string): Formatters {
  let kept = formattersByLanguage.get(language);
  if (!kept) formattersByLanguage.set(language, (kept = formatters(language)));
  return kept;
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(i18n.resolvedLanguage ?? i18n.language);
}
