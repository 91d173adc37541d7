// What one audit event says of what happened (record-audit.ts writes it; audit-gaps.ts counts
// those the storage refused).
import type { AuditAction } from '../../shared/audit-actions';

export type AuditOutcome = 'success' | 'failure' | 'denied';

/**
 * A refused tRPC call is audited under its procedure's path (trpc/trpc.ts), which no table lists: the
 * one action that is not an AuditAction, marked so that no other string passes for one.
 */
export type RefusedProcedure = string & { readonly __refusedProcedure: true };
export const refusedProcedure = (path: string): RefusedProcedure => path as RefusedProcedure;

export interface AuditEntry {
  /** What happened: one of the table's actions (shared/audit-actions.ts). */
  action: AuditAction | RefusedProcedure;
  outcome: AuditOutcome;
  patientId?: number | null;
  detail?: string | null;
  /** Done under emergency access; the patient's access log flags it. */
  emergency?: boolean;
  /**
   * When it happened (ISO, UTC), for an event written after the fact: an attempt on a locked
   * practice, whose trail can only be written once it opens. Unset, now.
   */
  at?: string;
}
