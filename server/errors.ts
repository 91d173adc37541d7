// The one error type services throw; the tRPC formatter and the REST adapter map it once.
import { errorStatus, type ErrorCode, type ValidationIssue } from '../shared/errors';

/** A write refused by a unique index (two requests racing to the same email, say). */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

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
