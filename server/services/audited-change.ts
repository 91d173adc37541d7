// The one way a service writes (HIPAA audit controls, API.md "Audit"): the change and its success
// event commit in one transaction, or neither does; a refusal changes nothing and is audited.
import type { AuditAction } from '../../shared/audit-actions';
import { recordAudit, refuse, type AuditActor, type AuditEntry } from '../audit/record-audit';
import type { Db, Tx } from '../db/client';
import { inTransaction } from '../db/in-transaction';
import { AppError } from '../errors';
import { assertPatientAccess } from './access';
import { whoIs, type Caller } from './caller';

export interface ChangeAbout {
  action: AuditAction;
  /** The patient the change is about, if any: a refusal names it, and so does the success unless it names another. */
  patientId?: number | null;
  /**
   * Ask the access rule (access.ts) for write access to `patientId` before anything is written,
   * for a change no procedure checked access for.
   */
  checkAccess?: boolean;
  /**
   * Off for a change whose refusals its procedure audits under its own name (trpc.ts, the REST
   * routes), as they always were; on (the default), a refusal is audited here under `action`.
   */
  auditRefusal?: boolean;
}

/** What the success event says beyond the action: the patient (if another than the one refused), the detail. */
export interface SuccessEvent {
  patientId?: number | null;
  detail?: string | null;
  /** Emergency access started by this change (the caller's own access is flagged without asking). */
  emergency?: boolean;
}

/** Writes the success event, in the change's transaction, at the point of the change it is called. */
export type RecordSuccess = (event?: SuccessEvent) => Promise<void>;

/** A change made by a signed-in caller; what they do under emergency access is flagged with their reason. */
export async function auditedChange<T>(caller: Caller, about: ChangeAbout, change: (tx: Tx, succeeded: RecordSuccess) => Promise<T> | T): Promise<T> {
  const who = whoIs(caller);
  if (about.checkAccess && about.patientId != null) {
    await assertPatientAccess(caller.db, caller.actor, caller.ip, about.patientId, about.action, { mode: 'write', now: caller.now });
  }
  const flagged = (entry: AuditEntry): AuditEntry =>
    caller.access?.kind === 'emergency' ? { ...entry, emergency: true, detail: caller.access.reason } : entry;
  return runAudited(caller.db, who, about, (tx) => change(tx, (event) => recordAudit(tx, who, flagged(successOf(about, event)))));
}

/** Who a sign-in's success event names, when the change itself found or made them (a new account). */
export type SignInSuccess = (event?: SuccessEvent, by?: AuditActor) => Promise<void>;

/**
 * The same, for the changes of signing in and registering, which act for no signed-in caller yet:
 * `who` is the caller as far as known (anonymous, or the account whose password was right); the
 * success event may name the account the change found or made instead.
 */
export function auditedSignInChange<T>(
  db: Db,
  who: AuditActor,
  about: ChangeAbout,
  change: (tx: Tx, succeeded: SignInSuccess) => Promise<T> | T,
): Promise<T> {
  return runAudited(db, who, about, (tx) => change(tx, (event, by = who) => recordAudit(tx, by, successOf(about, event))));
}

const successOf = (about: ChangeAbout, event: SuccessEvent = {}): AuditEntry => ({
  action: about.action,
  outcome: 'success',
  patientId: event.patientId === undefined ? (about.patientId ?? null) : event.patientId,
  detail: event.detail ?? null,
  ...(event.emergency ? { emergency: true } : {}),
});

async function runAudited<T>(db: Db, who: AuditActor, about: ChangeAbout, change: (tx: Tx) => Promise<T> | T): Promise<T> {
  try {
    return await inTransaction(db, change);
  } catch (error) {
    // After the rollback, the refusal's event commits on its own (inside a caller's transaction, with it).
    if (about.auditRefusal !== false && error instanceof AppError && !error.audited) {
      await refuse(db, who, { action: about.action, outcome: 'failure', patientId: about.patientId ?? null, detail: error.code }, error);
    }
    throw error;
  }
}
