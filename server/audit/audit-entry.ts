// What one audit event says of what happened (record-audit.ts writes it; audit-gaps.ts counts
// those the storage refused).
export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: string;
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
