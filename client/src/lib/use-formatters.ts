// Dates and numbers in the active language (DESIGN.md "Interface conventions"). Calendar dates
// and practice-local moments are read as local time: parsing "2025-03-04" as UTC would show the
// previous day west of Greenwich.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

export function parseLocal(value: string): Date | null {
  const match = MOMENT.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  return new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
}

export const hasTime = (value: string) => value.length > 10 && value.includes('T');

export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dayTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const longDayTime = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const withDate = (value: string | null | undefined, format: Intl.DateTimeFormat) => {
      if (!value) return '';
      const date = parseLocal(value);
      return date ? format.format(date) : value;
    };
    return {
      /** A calendar date, or a moment with its time when it has one. */
      date: (value: string | null | undefined) => withDate(value, value && hasTime(value) ? dayTime : day),
      /** An appointment: long date and time. */
      moment: (value: string | null | undefined) => withDate(value, longDayTime),
      /** A measurement with its unit, e.g. "36,6 °C". */
      measure: (value: number | null | undefined, unit: string) => (value === null || value === undefined ? '' : `${decimal.format(value)}\u00a0${unit}`),
    };
  }, [language]);
}
