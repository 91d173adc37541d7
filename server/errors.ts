// The one error type services throw; the tRPC formatter and the REST adapter map it once.
import { errorStatus, type ErrorCode, type ValidationIssue } from '../shared/errors';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ValidationIssue[] | undefined;

  constructor(code: ErrorCode, message?: string, issues?: ValidationIssue[]) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.issues = issues;
  }
}
