// One classification of every failure, used by the tRPC formatter and the REST adapter alike,
// so both transports answer with the same code, status, message and issues.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import enErrors from '../shared/locales/en/errors.json';
import enValidation from '../shared/locales/en/validation.json';
import { errorStatus, type ErrorCode, type ValidationIssue } from '../shared/errors';
import { AppError } from './errors';
import { storageFailureOf } from './storage-failure';

export interface ClassifiedError {
  code: ErrorCode;
  status: number;
  /** English, naming the problem; never internals for a 5xx. */
  message: string;
  issues?: ValidationIssue[];
}

const englishError = (code: ErrorCode): string => (enErrors as Record<string, string>)[code] ?? code;

/** Validation messages are i18n keys ('validation.emailInvalid'); other clients get English. */
export function englishIssueMessage(message: string): string {
  const key = message.startsWith('validation.') ? message.slice('validation.'.length) : undefined;
  return (key && (enValidation as Record<string, string>)[key]) || message;
}

const fromTrpcCode: Partial<Record<TRPCError['code'], ErrorCode>> = {
  PARSE_ERROR: 'VALIDATION_FAILED',
  BAD_REQUEST: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'FILE_TOO_LARGE',
  // tRPC's own: a query sent as POST or a mutation as GET, a body that is not JSON.
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
};

export const zodIssues = (error: ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

export function classifyError(error: unknown): ClassifiedError {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof AppError) {
    return {
      code: cause.code,
      status: cause.status,
      message: cause.message === cause.code ? englishError(cause.code) : cause.message,
      issues: cause.issues,
    };
  }
  if (cause instanceof ZodError) {
    const issues = zodIssues(cause);
    const summary = issues.map((issue) => `${issue.path || 'input'}: ${englishIssueMessage(issue.message)}`).join('; ');
    return { code: 'VALIDATION_FAILED', status: 400, message: `Invalid input. ${summary}`, issues };
  }
  // The storage's own refusal is not a bug: the client is told what happened, and that nothing was saved.
  const storage = storageFailureOf(error);
  if (storage === 'full') return { code: 'STORAGE_FULL', status: errorStatus.STORAGE_FULL, message: englishError('STORAGE_FULL') };
  if (storage === 'read-only') return { code: 'STORAGE_READ_ONLY', status: errorStatus.STORAGE_READ_ONLY, message: englishError('STORAGE_READ_ONLY') };
  if (error instanceof TRPCError) {
    const code = fromTrpcCode[error.code];
    if (code) return { code, status: errorStatus[code], message: englishError(code) };
  }
  return { code: 'INTERNAL_ERROR', status: 500, message: englishError('INTERNAL_ERROR') };
}

const toTrpcCode: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
  // 507 has no tRPC code: its errors travel as INTERNAL_SERVER_ERROR and trpcHttpStatus restores the status.
};

/** Gives an AppError the tRPC code whose HTTP status API.md documents for it. */
export const toTrpcError = (error: AppError): TRPCError =>
  new TRPCError({ code: toTrpcCode[error.status] ?? 'INTERNAL_SERVER_ERROR', message: error.message, cause: error });

const STORAGE_CODES: ReadonlySet<ErrorCode> = new Set(['STORAGE_FULL', 'STORAGE_READ_ONLY']);

/**
 * The HTTP status of a tRPC answer. tRPC derives it from its own error codes, which have no 507 and
 * turn an error it did not throw (the driver's SQLITE_FULL) into a 500; a storage refusal answers
 * the status API.md documents for it instead, as the REST adapter does.
 */
export const trpcHttpStatus = (classified: ClassifiedError, trpcStatus: number): number =>
  STORAGE_CODES.has(classified.code) ? classified.status : trpcStatus;
