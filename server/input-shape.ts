// The shape of what a request hands a procedure, one rule for both transports (API.md: "A body that
// is not a JSON object where one is expected, and a query parameter given twice or as an array where
// one value is expected, are 400 VALIDATION_FAILED"). Every input of this API is one JSON object and
// every query parameter one value, so anything else is refused rather than read as something else:
// a body of `[]` or `null` once reached a change as "no fields" (200, nothing done), and
// `?idUser[]=1` or `?idUser=1&idUser=2` lost or garbled an audit filter instead of refusing it.
//
// The form of a request is checked before who sends it, as Fastify already refuses a body that is
// not JSON at all: a request that cannot be read as an input is not yet a question about the caller.
// Where it applies: rest/request-input.ts (a row's body and query), rest/audit-export.ts (the CSV's
// query), trpc/trpc.ts (every call's raw input) and trpc/http-adapter.ts (/trpc's own query).
import type { ValidationIssue } from '../shared/errors';
import { englishIssueMessage } from './error-mapping';
import { AppError } from './errors';

/** A JSON object: not an array, not null, not a number, a string or a boolean. */
const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An input that is given and is not a JSON object (an array, null, a number, a string, a boolean). Absent is the schema's business. */
export function objectInputIssues(input: unknown): ValidationIssue[] {
  return input === undefined || isJsonObject(input) ? [] : [{ path: '', message: 'validation.objectExpected' }];
}

/**
 * The parameters of a parsed query string that carry more than one value: given twice (`a=1&a=2`,
 * which Fastify's parser makes an array) or in the bracket form other parsers make arrays and
 * objects of (`a[]=1`, `a[0]=1`, `a[k]=1`), each named once by its plain name.
 */
export function queryValueIssues(query: Record<string, unknown> | null | undefined): ValidationIssue[] {
  const named = new Set<string>();
  for (const [key, value] of Object.entries(query ?? {})) {
    const bracket = key.indexOf('[');
    if (bracket > 0 && key.endsWith(']')) named.add(key.slice(0, bracket));
    else if (typeof value !== 'string') named.add(key);
  }
  return [...named].map((path) => ({ path, message: 'validation.singleValue' }));
}

/** The 400 for these issues, with the message every validation error has ("Invalid input. path: text"), or undefined when there are none. */
export function misshapenInputError(issues: ValidationIssue[]): AppError | undefined {
  if (issues.length === 0) return undefined;
  const summary = issues.map((issue) => `${issue.path || 'input'}: ${englishIssueMessage(issue.message)}`).join('; ');
  return new AppError('VALIDATION_FAILED', `Invalid input. ${summary}`, issues);
}
