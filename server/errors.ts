// The one error type services throw; the tRPC formatter and the REST adapter map it once.
import { errorStatus, type ErrorCode, type ValidationIssue } from '../shared/errors';

/** SQLite's code for a unique index's refusal, and PostgreSQL's SQLSTATE (unique_violation). */
const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', '23505']);

/**
 * A write refused by a unique index (two requests racing to the same email, say), on either engine,
 * also when it reached us as the cause of another error (drizzle wraps a failed query on PostgreSQL).
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNIQUE_VIOLATION.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ValidationIssue[] | undefined;
  /**
   * Set once an audit event records this refusal, so the procedure layer, which audits every
   * refusal no service did (trpc/trpc.ts), never writes a second one.
   */
  audited = false;

  constructor(code: ErrorCode, message?: string, issues?: ValidationIssue[]) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.issues = issues;
  }
}
