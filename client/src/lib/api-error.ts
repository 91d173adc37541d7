// What the client needs from a failed call, read in one place. The server puts its stable error
// code in `data.appCode` (API.md "Errors"); anything without one is a network or unexpected failure.
import { isErrorCode, type ErrorCode, type ValidationIssue } from '../../../shared/errors';

export interface ApiErrorInfo {
  appCode: ErrorCode | null;
  httpStatus: number | null;
  issues: ValidationIssue[];
}

interface ErrorData {
  appCode?: unknown;
  httpStatus?: unknown;
  issues?: unknown;
}

const isIssue = (value: unknown): value is ValidationIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ValidationIssue).path === 'string' &&
  typeof (value as ValidationIssue).message === 'string';

/**
 * A tRPC call answered with API.md's REST body instead of tRPC's: a locked server (503 LOCKED) knows
 * no procedures and answers every call so. tRPC's client keeps that answer in `meta`.
 */
function restBodyOf(error: unknown): ErrorData | undefined {
  const meta = typeof error === 'object' && error !== null && 'meta' in error ? (error as { meta?: { response?: unknown; responseJSON?: unknown } }).meta : undefined;
  const body = meta?.responseJSON as { code?: unknown } | undefined;
  const status = (meta?.response as { status?: unknown } | undefined)?.status;
  if (typeof body !== 'object' || body === null || typeof body.code !== 'string' || typeof status !== 'number') return undefined;
  return { appCode: body.code, httpStatus: status };
}

export function readApiError(error: unknown): ApiErrorInfo {
  const data =
    typeof error === 'object' && error !== null && 'data' in error && (error as { data: unknown }).data
      ? ((error as { data: unknown }).data as ErrorData | null | undefined)
      : restBodyOf(error);
  return {
    appCode: isErrorCode(data?.appCode) ? data.appCode : null,
    httpStatus: typeof data?.httpStatus === 'number' ? data.httpStatus : null,
    issues: Array.isArray(data?.issues) ? data.issues.filter(isIssue) : [],
  };
}

/** No answer came at all: offline, the server down, or the request given up on (fetch-with-deadline). */
export const gotNoAnswer = (error: unknown): boolean => readApiError(error).httpStatus === null;

export const isUnauthorized = (error: unknown): boolean => readApiError(error).httpStatus === 401;

/** The practice is locked (API.md "Encryption at rest"): nothing answers until it is opened. */
export const isPracticeLocked = (error: unknown): boolean => readApiError(error).appCode === 'LOCKED';

/** Only a lost connection or a server fault may succeed on a second try; a 4xx answer will not, nor a locked practice. */
export function isTransient(error: unknown): boolean {
  const { httpStatus, appCode } = readApiError(error);
  return appCode !== 'LOCKED' && (httpStatus === null || httpStatus >= 500);
}
