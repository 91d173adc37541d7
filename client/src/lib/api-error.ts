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

export function readApiError(error: unknown): ApiErrorInfo {
  const data =
    typeof error === 'object' && error !== null && 'data' in error
      ? ((error as { data: unknown }).data as ErrorData | null | undefined)
      : undefined;
  return {
    appCode: isErrorCode(data?.appCode) ? data.appCode : null,
    httpStatus: typeof data?.httpStatus === 'number' ? data.httpStatus : null,
    issues: Array.isArray(data?.issues) ? data.issues.filter(isIssue) : [],
  };
}

/** No answer came at all: offline, the server down, or the request given up on (fetch-with-deadline). */
export const gotNoAnswer = (error: unknown): boolean => readApiError(error).httpStatus === null;

export const isUnauthorized = (error: unknown): boolean => readApiError(error).httpStatus === 401;

/** Only a lost connection or a server fault may succeed on a second try; a 4xx answer will not. */
export function isTransient(error: unknown): boolean {
  const { httpStatus } = readApiError(error);
  return httpStatus === null || httpStatus >= 500;
}
