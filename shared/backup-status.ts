// What the administrator sees of the backup schedule (API.md "Practice administration": GET /admin/backups).
// Times are instants in UTC (ISO 8601 with Z); the client shows them in the active language.

export interface BackupRun {
  at: string;
  ok: boolean;
  /** Why it failed; on success null, or a warning (old backups that could not be deleted). */
  message: string | null;
  /** The backup written, when one was. */
  file: string | null;
  bytes: number | null;
}

export interface BackupStatus {
  /** False when BACKUP_DIR is unset: nothing is scheduled. */
  enabled: boolean;
  everyHours: number | null;
  keep: number | null;
  lastRun: BackupRun | null;
  nextRunAt: string | null;
}

export const BACKUPS_OFF: BackupStatus = { enabled: false, everyHours: null, keep: null, lastRun: null, nextRunAt: null };
