// The diagnosis catalog as the API speaks of it (API.md "The clinical day"): what a search asks for,
// what it answers, and what a code looks like when it is typed. Shared by the server's search and
// the client's combobox, so both read a typed code the same way.
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants';
import { hasForbiddenCharacters } from './fields';

/** A diagnosis as an appointment carries it and a search answers it. */
export interface Diagnosis {
  code: string;
  name: string;
}

export const DIAGNOSIS_SEARCH_DEFAULT_LIMIT = 20;
export const DIAGNOSIS_SEARCH_MAX_LIMIT = 50;
/** An appointment's diagnoses, at most. */
export const DIAGNOSES_MAX = 50;

/** 1 to DIAGNOSIS_SEARCH_MAX_LIMIT, as a JSON number or plain decimal text (a query string carries text). */
const searchLimit = z
  .union([z.number(), z.string()], { error: 'validation.limitInvalid' })
  .transform((value, ctx) => {
    const limit = typeof value === 'number' ? value : /^[1-9]\d{0,2}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(limit) && limit >= 1 && limit <= DIAGNOSIS_SEARCH_MAX_LIMIT) return limit;
    ctx.addIssue({ code: 'custom', message: 'validation.limitInvalid', input: value });
    return z.NEVER;
  })
  .optional()
  .default(DIAGNOSIS_SEARCH_DEFAULT_LIMIT);

/** GET /catalog/diagnoses?q=&lang=&limit= */
export const diagnosisSearchInput = z.object({
  q: z
    .string({ error: 'validation.invalid' })
    .max(200, 'validation.tooLong')
    .refine((value) => !hasForbiddenCharacters(value), 'validation.controlCharacters')
    .optional()
    .default(''),
  lang: z.enum(LANGUAGES, { error: 'validation.languageInvalid' }).optional().default(DEFAULT_LANGUAGE),
  limit: searchLimit,
});
export type DiagnosisSearchInput = z.input<typeof diagnosisSearchInput>;

/**
 * A typed code as the catalog's `compact` column holds it: without its dot, upper case ("e11.9" →
 * "E119"), or undefined when the text cannot be a code (a letter, then a digit, then letters or
 * digits: "E11", "E119", "I10"), so that words are not looked up as codes.
 */
export function compactCode(text: string): string | undefined {
  const compact = text.trim().replace(/\./g, '').toUpperCase();
  return /^[A-Z](?:\d[0-9A-Z]{0,6})?$/.test(compact) ? compact : undefined;
}

/** One diagnosis code as an appointment's input names it: single-line text, as typed (the service resolves it). */
export const diagnosisCodeInput = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, 'validation.required')
  .max(20, 'validation.tooLong')
  .refine((value) => !hasForbiddenCharacters(value), 'validation.controlCharacters');
