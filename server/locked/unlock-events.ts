// What happened at the locked door, for the audit trail of the practice once it opens (API.md
// "Encryption at rest": wrong attempts "audited once the practice is open"). A locked practice's
// database cannot be written, so the attempts wait here, in memory, with the moment each was made,
// and are written, in order, by the start that opens it. Nobody is signed in at that door: the
// actor is the client's address. A restart that never opened the practice forgets them; the log
// has each one as well.
import type { Db } from '../db/client';
import { inTransaction } from '../db/in-transaction';
import { recordAudit, type AuditOutcome } from '../audit/record-audit';
import type { AuditAction } from '../../shared/audit-actions';

export type UnlockMethod = 'passphrase' | 'recoveryKey';

export interface UnlockEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  /** The client's address; null for the passphrase the configuration gave at start. */
  ip: string | null;
  /** How: 'passphrase', 'recoveryKey', or 'configuration' (PASSPHRASE_FILE or PASSPHRASE at start). */
  detail: string;
  at: string;
}

/** A flood of attempts cannot fill the memory: past this many, they are counted, and the count written. */
const MAX_KEPT = 1_000;

export class UnlockEvents {
  private readonly attempts: UnlockEvent[] = [];
  private untold: { count: number; lastAt: string } | undefined;
  private opening: UnlockEvent | undefined;

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** A wrong passphrase or recovery key (`failure`), or one refused unchecked for too many (`denied`). */
  attempt(ip: string | null, method: UnlockMethod | 'configuration', outcome: 'failure' | 'denied'): void {
    const at = this.now().toISOString();
    if (this.attempts.length < MAX_KEPT) this.attempts.push({ action: 'practice.unlock', outcome, ip, detail: method, at });
    else this.untold = { count: (this.untold?.count ?? 0) + 1, lastAt: at };
  }

  opened(ip: string, method: UnlockMethod): void {
    this.opening = { action: 'practice.unlock', outcome: 'success', ip, detail: method, at: this.now().toISOString() };
  }

  setUp(ip: string): void {
    this.opening = { action: 'practice.setUp', outcome: 'success', ip, detail: 'passphrase', at: this.now().toISOString() };
  }

  /** Everything, in the order it happened, the opening last. */
  list(): UnlockEvent[] {
    const untold = this.untold && { action: 'practice.unlock' as const, outcome: 'failure' as const, ip: null, detail: `${this.untold.count} more attempts, not kept one by one`, at: this.untold.lastAt };
    return [...this.attempts, ...(untold ? [untold] : []), ...(this.opening ? [this.opening] : [])];
  }
}

/** Writes the door's events into the opened practice's trail, each at the moment it happened. */
export async function writeUnlockEvents(db: Db, events: readonly UnlockEvent[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const { action, outcome, ip, detail, at } of events) await recordAudit(tx, { userId: null, type: 'anonymous', ip }, { action, outcome, detail, at });
  });
}
