// Tamper evidence for the audit trail (issue 10): each row carries chain = HMAC-SHA256(key,
// previous row's chain + this row's content). Editing, deleting or reordering a row breaks every
// chain value after it, and without the key (kept in DATA_DIR, never in the database) nobody can
// recompute them. The chain is computed inside the INSERT by a SQL function registered on the
// connection, so every writer (a handle or a transaction) chains without holding the key.
import { createHmac } from 'node:crypto';
import type Database from 'better-sqlite3';

export const AUDIT_CHAIN_FUNCTION = 'audit_chain';

/** The columns a chain value covers, in a fixed order: everything but the id and the chain itself. */
export interface AuditContent {
  at: string;
  actorUserId: number | null;
  actorType: string;
  action: string;
  patientId: number | null;
  outcome: string;
  ip: string | null;
  detail: string | null;
  emergency: boolean;
}

export const canonicalContent = (row: AuditContent): string =>
  JSON.stringify([row.at, row.actorUserId, row.actorType, row.action, row.patientId, row.outcome, row.ip, row.detail, row.emergency ? 1 : 0]);

export const chainValue = (key: string, previous: string | null, content: string): string =>
  createHmac('sha256', key).update(`${previous ?? ''}\n${content}`).digest('hex');

/** Lets INSERTs call audit_chain(previous, content); deterministic, so SQLite may use it in any statement. */
export function registerAuditChain(sqlite: Database.Database, key: string): void {
  sqlite.function(AUDIT_CHAIN_FUNCTION, { deterministic: true }, (previous: unknown, content: unknown) =>
    chainValue(key, typeof previous === 'string' ? previous : null, String(content)),
  );
}

export interface ChainReport {
  /** Rows whose chain was recomputed and matched. */
  verified: number;
  /** Rows from before the chain began (an install upgraded from an older version), not covered. */
  unsealed: number;
  /** The first row that does not match, if any: from there on nothing can be trusted. */
  firstMismatch: { id: number; at: string; action: string } | null;
}

interface StoredRow {
  id: number;
  at: string;
  actor_user_id: number | null;
  actor_type: string;
  action: string;
  patient_id: number | null;
  outcome: string;
  ip: string | null;
  detail: string | null;
  emergency: number;
  chain: string | null;
}

/** Recomputes the whole chain in id order. Rows before the first chained one are counted as unsealed. */
export function verifyAuditChain(sqlite: Database.Database, key: string): ChainReport {
  const report: ChainReport = { verified: 0, unsealed: 0, firstMismatch: null };
  let previous: string | null = null;
  let sealed = false;
  for (const row of sqlite.prepare('select * from audit_events order by id').iterate() as IterableIterator<StoredRow>) {
    if (!sealed && row.chain === null) {
      report.unsealed += 1;
      continue;
    }
    sealed = true;
    const content = canonicalContent({
      at: row.at,
      actorUserId: row.actor_user_id,
      actorType: row.actor_type,
      action: row.action,
      patientId: row.patient_id,
      outcome: row.outcome,
      ip: row.ip,
      detail: row.detail,
      emergency: row.emergency === 1,
    });
    const expected = chainValue(key, previous, content);
    if (row.chain !== expected) {
      report.firstMismatch = { id: row.id, at: row.at, action: row.action };
      return report;
    }
    report.verified += 1;
    previous = row.chain;
  }
  return report;
}
