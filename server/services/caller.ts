// The one call shape of every service that acts for a signed-in user: the database, who calls, from
// where and when. A service writes through auditedChange (audited-change.ts), which opens the
// transaction and writes the audit event, so no procedure or REST handler does either.
import { recordAudit, type AuditEntry } from '../audit/record-audit';
import type { Actor } from '../auth/sessions';
import type { Db, DbOrTx } from '../db/client';
import { auditActorOf } from '../auth/audit-actor';
import type { PatientAccess } from './access';

export interface Caller {
  db: Db;
  actor: Actor;
  ip: string;
  now: Date;
  /** How the caller reaches the patient the call is about, once the access rule has said so. */
  access?: PatientAccess;
}

export type MedicCaller = Caller & { actor: Actor & { medicId: number } };
export type PatientCaller = Caller & { actor: Actor & { patientId: number } };

/**
 * Audits what the caller read, in `db` (the read's transaction, auditedRead, when there is one); a
 * change is audited by auditedChange. What a medic reads under emergency access is flagged, with the
 * reason they gave, for the patient to see.
 */
export async function auditAs(caller: Caller, entry: AuditEntry, db: DbOrTx = caller.db): Promise<void> {
  const flagged = caller.access?.kind === 'emergency' ? { ...entry, emergency: true, detail: caller.access.reason } : entry;
  await recordAudit(db, auditActorOf(caller.actor, caller.ip), flagged);
}

export const whoIs = (caller: Caller) => auditActorOf(caller.actor, caller.ip);
