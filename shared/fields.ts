// The field rules every shared schema is built from, so that one field means the same thing in
// every form and every route: text that refuses invisible control characters, ids written in plain
// decimal, numbers typed in forms, calendar dates, practice-local moments and emails.
// Messages are i18n keys under "validation.*" (the client translates them, the REST adapter
// writes them in English).
import { z } from 'zod';
import { localMoment } from './dates';

// ---------------------------------------------------------------------------------------------
// Text

/**
 * True when the text holds a character that has no business in a medical record: a C0 or C1
 * control (U+0000–U+001F, U+007F–U+009F) or a bidirectional embedding, override or isolate
 * (U+202A–U+202E, U+2066–U+2069), which can make a name read differently from what is stored.
 * Multi-line text (notes) may hold tab and line feed.
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20) {
      if (multiline && (code === 0x09 || code === 0x0a)) continue;
      return true;
    }
    if ((code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

/** The text without what hasForbiddenCharacters finds: for names a program sent (a file name), not typed ones. */
export function withoutForbiddenCharacters(value: string, multiline = false): string {
  let kept = '';
  for (const character of value) if (!hasForbiddenCharacters(character, multiline)) kept += character;
  return kept;
}

/** CR LF (Windows) and a lone CR (old Mac) are line breaks too: stored as LF. */
const normaliseLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');

export interface TextRule {
  /** Longest accepted length, after trimming. */
  max: number;
  /** Notes, comments, reasons: tab and line breaks are allowed. Single-line fields allow no control character. */
  multiline?: boolean;
  /** Message for a missing or blank value; without it, blank is accepted (as ''). */
  requiredKey?: string;
  /** Shortest accepted length after trimming; 1 when required. */
  min?: number;
  /** Message for a value too short or too long; 'validation.tooLong' by default. */
  lengthKey?: string;
}

/**
 * A trimmed string with a length limit and no forbidden character: the base of every text field.
 * Trimming comes first, so whitespace at the ends (tab, line feed, vertical tab, form feed, no-break
 * space...) is dropped rather than refused; inside the text it is refused unless multi-line allows it.
 */
export function text({ max, multiline = false, requiredKey, min, lengthKey = 'validation.tooLong' }: TextRule) {
  let schema = z.string({ error: requiredKey ?? 'validation.invalid' });
  if (multiline) schema = schema.overwrite(normaliseLineBreaks);
  schema = schema.trim();
  // A blank value gets only the required message, not a too-short one as well.
  if (requiredKey) schema = schema.min(1, { message: requiredKey, abort: true });
  if (min !== undefined) schema = schema.min(min, lengthKey);
  return schema.max(max, lengthKey).refine((value) => !hasForbiddenCharacters(value, multiline), 'validation.controlCharacters');
}

/** Single-line text that must be given. */
export const requiredText = (requiredKey: string, max = 200) => text({ max, requiredKey });

/** A first or last name: single line, at most 100 characters. */
export const personName = (requiredKey: string) => requiredText(requiredKey, 100);

/** One entry of a list (an appointment's medications): single line, not blank. */
export const listItem = (max: number) => text({ max }).min(1, 'validation.required');

/**
 * Optional text where blank means "not given" (undefined): creation payloads, where the server
 * fills its own default for what is missing (a new patient's phone and address).
 */
export const optionalText = (max = 200, { multiline = false } = {}) =>
  text({ max, multiline })
    .nullish()
    .transform((value) => (value ? value : undefined));

/**
 * Optional text where blank means "none" (null), so that a form can clear a stored value: the
 * record's items and the PATCH routes. Made `.optional()` it also keeps "absent" apart from "cleared".
 */
export const clearableText = (max = 500, { multiline = false } = {}) =>
  text({ max, multiline })
    .nullish()
    .transform((value) => (value ? value : null));

/** Notes, comments and descriptions: multi-line (tab and line breaks allowed), blank is null. */
export const longText = (max: number) => clearableText(max, { multiline: true });

// ---------------------------------------------------------------------------------------------
// Numbers and ids

const FORM_DECIMAL = /^-?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A number as a form field sends it: plain decimal text, with a decimal point or comma. Anything
 * else that Number() would take (0x10, 1e3, Infinity) is not a number here.
 */
function fromFormText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return FORM_DECIMAL.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

const isBlank = (value: unknown) => value === '' || value === null || value === undefined;

/** An optional number from a form field, where blank means "not given" (undefined): creation payloads. */
export const optionalNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : fromFormText(value)), schema.optional());

/** An optional number from a form field, where blank means "none" (null): the record and PATCH routes. */
export const clearableNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? null : fromFormText(value)), schema.nullable());

/** A measurement with its plausible range (API.md "Shapes"), whole or in fixed steps. */
export const numberInRange = (min: number, max: number, rangeKey: string, options: { integer?: boolean; step?: number } = {}) =>
  z
    .number({ error: 'validation.numberInvalid' })
    .min(min, rangeKey)
    .max(max, rangeKey)
    .refine((value) => !options.integer || Number.isInteger(value), 'validation.wholeNumber')
    .refine((value) => !options.step || Math.abs(value / options.step - Math.round(value / options.step)) < 1e-9, 'validation.stepTenth');

/** Digits only, no sign, no leading zero, no surrounding space. */
const PLAIN_DECIMAL = /^[1-9]\d*$/;

/**
 * A positive safe integer given as a JSON number or as plain decimal text ("12", as paths and
 * query strings carry it). Refused: 0x1, 1e0, 1.0, " 1", "01", true, [1], null, 0, negatives and
 * integers beyond 2^53 − 1.
 */
const positiveInteger = (key: string, max = Number.MAX_SAFE_INTEGER) =>
  z.union([z.number(), z.string()], { error: key }).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : PLAIN_DECIMAL.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(number) && number >= 1 && number <= max) return number;
    ctx.addIssue({ code: 'custom', message: key, input: value });
    return z.NEVER;
  });

/** Every id in paths and bodies (API.md "Conventions"). */
export const idSchema = positiveInteger('validation.idInvalid');

/** An optional reference to another row, where blank means "none" (null). */
export const clearableId = z.preprocess((value) => (isBlank(value) ? null : value), idSchema.nullable());

/** A page of a paged list, from 1. */
export const pageNumber = positiveInteger('validation.pageInvalid', 100_000);

// ---------------------------------------------------------------------------------------------
// Choices

/** An optional choice from a select, where blank means "not given" (undefined): creation payloads. */
export const optionalEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

/** An optional choice from a select, where blank means "none" (null): the record and PATCH routes. */
export const clearableEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? null : value), schema.nullable());

// ---------------------------------------------------------------------------------------------
// Dates and moments

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date, YYYY-MM-DD only. */
export const calendarDateSchema = z
  .string({ error: 'validation.dateRequired' })
  .trim()
  .refine((value) => {
    const match = CALENDAR_DATE.exec(value);
    return Boolean(match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3])));
  }, 'validation.dateInvalid');

// YYYY-MM-DDTHH:mm, then optional :ss and fraction, then an optional Z or ±HH:mm (±HHmm).
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The practice-local moment (YYYY-MM-DDTHH:mm) a moment stands for, or undefined when it is not
 * one. A moment without an offset is already practice-local: its seconds are dropped. One with Z
 * or an offset is converted to the server's time zone.
 */
export function toPracticeMoment(value: string): string | undefined {
  const match = MOMENT.exec(value);
  if (!match) return undefined;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText = '0', fraction = '', offset] = match;
  const [year, month, day, hour, minute, second] = [yearText, monthText, dayText, hourText, minuteText, secondText].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  if (!offset) return `${yearText}-${monthText}-${dayText}T${hourText}:${minuteText}`;

  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const digits = offset.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetRest = Number(digits.slice(2));
    if (offsetHours > 23 || offsetRest > 59) return undefined;
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  const instant = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0'))));
  instant.setUTCFullYear(year);
  instant.setTime(instant.getTime() - offsetMinutes * 60_000);
  const local = localMoment(instant);
  // Near the ends of the calendar the conversion can leave four-digit years.
  return LOCAL_MOMENT.test(local) ? local : undefined;
}

/**
 * A moment: YYYY-MM-DDTHH:mm in the practice's local time, or full ISO 8601 with seconds,
 * milliseconds and an offset or Z (API.md "Conventions"). Always answers YYYY-MM-DDTHH:mm local.
 */
export const momentSchema = z
  .string({ error: 'validation.dateRequired' })
  .trim()
  .transform((value, ctx) => {
    const moment = toPracticeMoment(value);
    if (moment) return moment;
    ctx.addIssue({ code: 'custom', message: 'validation.momentInvalid', input: value });
    return z.NEVER;
  });

/** A vital's date may be a calendar date or a moment. */
export const dateOrMomentSchema = z.union([calendarDateSchema, momentSchema], { error: 'validation.dateInvalid' });

/** An optional calendar date, where blank means "none" (null). */
export const clearableDate = z.preprocess((value) => (isBlank(value) ? null : value), calendarDateSchema.nullable());

/** A time of day, HH:mm. */
export const timeOfDaySchema = z
  .string({ error: 'validation.timeInvalid' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.timeInvalid');

/** An optional time of day, where blank means "none" (null). */
export const clearableTime = z.preprocess((value) => (isBlank(value) ? null : value), timeOfDaySchema.nullable());

// ---------------------------------------------------------------------------------------------
// Emails

/** Trimmed; compared case-insensitively by the server (API.md "Conventions"). */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailTooLong')
  .refine((value) => !hasForbiddenCharacters(value), 'validation.controlCharacters')
  .pipe(z.email('validation.emailInvalid'));

/** An optional email, where blank means "not given" (undefined): registration's doctor. */
export const optionalEmail = z
  .string({ error: 'validation.emailInvalid' })
  .nullish()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    const result = emailSchema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, input: value });
    return z.NEVER;
  });

/** An optional email, where blank means "none" (null). */
export const clearableEmail = z.preprocess((value) => (isBlank(value) ? null : value), emailSchema.nullable());
