// Refusals whose audit event the storage would not take (no room left, a read-only database). The
// refusal still answers its own status — a full disk must not turn a 401 into a 500, nor stop a
// refusal — but the trail then has a gap nobody would see in it, so each one is counted since start
// and reported as an error with the count, for the administrator to find in the log.
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from './audit-entry';

export interface AuditGap {
  /** Refusals left unaudited since the process started, this one included. */
  unaudited: number;
  entry: AuditEntry;
  error: unknown;
}

let unaudited = 0;
const reporters = new Set<(gap: AuditGap) => void>();

export const unauditedRefusals = (): number => unaudited;

export function noteAuditGap(entry: AuditEntry, error: unknown): void {
  unaudited += 1;
  const gap = { unaudited, entry, error };
  // Outside a server (a script, a test without an app) the gap is still said somewhere.
  if (reporters.size === 0) console.error(`A refusal could not be audited (${unaudited} since start): ${entry.action} ${entry.outcome}`, error);
  for (const report of reporters) report(gap);
}

/** Reports every gap to the server's log until the returned function is called (at close). */
export function reportAuditGapsTo(log: FastifyBaseLogger): () => void {
  const report = ({ unaudited: count, entry, error }: AuditGap) =>
    log.error(
      { unauditedRefusals: count, action: entry.action, outcome: entry.outcome, detail: entry.detail ?? null, err: error },
      `A refusal could not be audited: the storage refused its event, so the audit trail has a gap (${count} since start)`,
    );
  reporters.add(report);
  return () => reporters.delete(report);
}
