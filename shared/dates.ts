// Calendar dates (YYYY-MM-DD) and practice-local moments (YYYY-MM-DDTHH:mm), as API.md fixes them.
import { z } from 'zod';

const isRealDate = (value: string) => {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const calendarDateSchema = z
  .string({ error: 'validation.dateRequired' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
  .refine(isRealDate, 'validation.dateInvalid');

export const momentSchema = z
  .string({ error: 'validation.dateRequired' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'validation.momentInvalid')
  .refine(isRealDate, 'validation.momentInvalid');

/** A vital's date may be a calendar date or a moment. */
export const dateOrMomentSchema = z.union([calendarDateSchema, momentSchema], { error: 'validation.dateInvalid' });

export const timeOfDaySchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.timeInvalid');

/** The practice-local calendar day of a moment in the server's time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
