// Tamper evidence for the audit trail: each row carries chain = HMAC-SHA256(key,
// previous row's chain + this row's content). Editing, deleting or reordering a row breaks every
// chain value after it, and without the key (kept in DATA_DIR, never in the database) nobody can
// recompute them. On SQLite the chain is computed inside the INSERT by a SQL function registered on
// the writer connection (every insert runs in one of its transactions), so no caller holds the key.
// Rows cut from the end leave a chain that still holds: the sealed head (audit-head.ts) covers that.
import { createHmac } from 'node:crypto';
import type Database from 'better-sqlite3';
import { engineNameOf, type DbOrTx } from '../db/engine';
import { rawRows } from '../db/raw-sql';
import { practiceText } from '../practice-messages/practice-text';
import { sqliteConnectionOf } from './audit-connection';
import { headProblem, headProblemIn, type AuditHead } from './audit-head';
import type { AuditProblem } from './audit-problem';

// The problem's shape lives in audit-problem.ts, shared with audit-head.ts without a circle.
export type { AuditProblem };

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
  /**
   * The actor's name at the time; null on anonymous events and on rows from before names were kept,
   * and undefined where the database itself is from before then (its rows have no such column).
   */
  actorName?: string | null;
  actorLname?: string | null;
}

/**
 * The chained text of a row, as every release since the chain began has written it, so that a row
 * written by any release verifies under every later one (an older DATA_DIR before and after its
 * upgrade, an older release's backup):
 * - schema 0004 (the chain begins): the nine columns below, as JSON;
 * - schema 0009 (names kept): the same nine, then the actor's name and last name, appended only
 *   when the row has one. A row without a name (anonymous, or written before 0009) and a database
 *   of an older schema (no name columns at all: the values are undefined) hash as under 0004.
 * A later schema that chains another column must keep this rule: append it only where it has a value.
 */
export function canonicalContent(row: AuditContent): string {
  const fields: unknown[] = [row.at, row.actorUserId, row.actorType, row.action, row.patientId, row.outcome, row.ip, row.detail, row.emergency ? 1 : 0];
  const actorName = row.actorName ?? null;
  const actorLname = row.actorLname ?? null;
  if (actorName !== null || actorLname !== null) fields.push(actorName, actorLname);
  return JSON.stringify(fields);
}

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
  /** What is wrong, when anything is (a mismatch, or the trail against its sealed head); absent when intact. */
  problem?: AuditProblem;
}


export interface StoredRow {
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
  /** Absent on a database from before names were kept (schema 0009). */
  actor_name?: string | null;
  actor_lname?: string | null;
  chain: string | null;
}

const contentOf = (row: StoredRow): string =>
  canonicalContent({
    at: row.at,
    actorUserId: row.actor_user_id,
    actorType: row.actor_type,
    action: row.action,
    patientId: row.patient_id,
    outcome: row.outcome,
    ip: row.ip,
    detail: row.detail,
    emergency: row.emergency === 1,
    actorName: row.actor_name,
    actorLname: row.actor_lname,
  });

/** Where a walk of the chain stands: the last chain value it vouched for, and whether the chain has begun. */
export interface ChainPosition {
  previous: string | null;
  sealed: boolean;
}

/**
 * Recomputes the chain over `rows` (in id order) from `position`, counting into `report`; stops at
 * the first row that does not match, and names it. Rows before the first chained one are unsealed;
 * a row without chain after it fails: the chain began there, and every row since was written sealed.
 * `onRow` sees every row walked (the whole check counts the rows up to the head with it).
 */
export function walkChain(
  rows: Iterable<StoredRow>,
  key: string,
  position: ChainPosition,
  report: ChainReport,
  onRow?: (row: StoredRow) => void,
): ChainPosition {
  let { previous, sealed } = position;
  for (const row of rows) {
    onRow?.(row);
    if (!sealed && row.chain === null) {
      report.unsealed += 1;
      continue;
    }
    sealed = true;
    if (row.chain !== chainValue(key, previous, contentOf(row))) {
      report.firstMismatch = { id: row.id, at: row.at, action: row.action };
      const where = { id: row.id, at: row.at, action: row.action };
      report.problem =
        row.chain === null
          ? { kind: 'unchained', message: practiceText().auditRowUnchained(where) }
          : { kind: 'altered', message: practiceText().auditRowAltered(where) };
      break;
    }
    report.verified += 1;
    previous = row.chain;
  }
  return { previous, sealed };
}

export const rowsAfter = (sqlite: Database.Database, id: number) =>
  sqlite.prepare('select * from audit_events where id > ? order by id').iterate(id) as IterableIterator<StoredRow>;

/**
 * Recomputes the whole chain in id order. With `head` (already checked by openAuditHead), the rows
 * up to it must all be there too: without it, rows cut from the end of the trail leave a chain that
 * still holds. The rows up to the head are counted as they are walked, not counted again.
 */
export function verifyAuditChain(sqlite: Database.Database, key: string, head?: AuditHead | null): ChainReport {
  const report: ChainReport = { verified: 0, unsealed: 0, firstMismatch: null };
  let upToHead = 0;
  const countUpToHead = head ? (row: StoredRow) => void (row.id <= head.lastId && (upToHead += 1)) : undefined;
  // One read transaction: the walk and the head's facts see the same trail.
  sqlite.transaction(() => {
    walkChain(rowsAfter(sqlite, Number.MIN_SAFE_INTEGER), key, { previous: null, sealed: false }, report, countUpToHead);
    if (report.problem) return;
    const problem = head ? headProblem(sqlite, head, upToHead) : null;
    if (problem) report.problem = problem;
  })();
  return report;
}

/** Rows a walk of the chain on PostgreSQL reads at a time, by id: no cursor stays open between them. */
const POSTGRES_BATCH_ROWS = 1000;

/**
 * walkChain over every row after `id`, read through the handle in batches by id (PostgreSQL: the
 * handle's pool has no iterator of better-sqlite3's); stops where the walk found a problem.
 */
export async function walkChainAfter(
  db: DbOrTx,
  id: number,
  key: string,
  position: ChainPosition,
  report: ChainReport,
  onRow?: (row: StoredRow) => void,
): Promise<ChainPosition> {
  let after = id;
  for (;;) {
    const rows = await rawRows<StoredRow>(db, 'select * from audit_events where id > ? order by id limit ?', [after, POSTGRES_BATCH_ROWS]);
    position = walkChain(rows, key, position, report, onRow);
    if (report.problem || rows.length < POSTGRES_BATCH_ROWS) return position;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * verifyAuditChain through the handle, on either engine: on SQLite on the connection a query of `db`
 * goes to now; on PostgreSQL batch by batch, inside the caller's transaction when there is one.
 */
export async function verifyAuditChainIn(db: DbOrTx, key: string, head?: AuditHead | null): Promise<ChainReport> {
  if (engineNameOf(db) === 'sqlite') return verifyAuditChain(sqliteConnectionOf(db), key, head);
  const report: ChainReport = { verified: 0, unsealed: 0, firstMismatch: null };
  let upToHead = 0;
  const countUpToHead = head ? (row: StoredRow) => void (row.id <= head.lastId && (upToHead += 1)) : undefined;
  await walkChainAfter(db, Number.MIN_SAFE_INTEGER, key, { previous: null, sealed: false }, report, countUpToHead);
  if (report.problem) return report;
  const problem = head ? await headProblemIn(db, head, upToHead) : null;
  if (problem) report.problem = problem;
  return report;
}
