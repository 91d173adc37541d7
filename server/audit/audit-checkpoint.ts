// The audit check "since the checkpoint": the sealed head (audit-head.ts) is the checkpoint, so a
// nightly check recomputes only the rows written after it instead of the whole trail (tens of
// seconds on a decade). The server seals a head only over rows whose chain it has just recomputed
// (audit-head-advance.ts), so every row up to the head matched its chain when it was sealed; what
// this check adds is that the head's row still carries the sealed chain value, that no row up to it
// is missing (the count), and that every row after it matches its chain.
//
// What it cannot see: a row up to the checkpoint edited after it was sealed (its own chain value
// kept or recomputed wrongly) leaves the head's row and the count as they were. Only the whole check
// (`npm run audit:verify` without --since-checkpoint) recomputes those rows; run it now and then
// (weekly, and after a restore or anything odd), and keep the nightly check for the new rows.
import type Database from 'better-sqlite3';
import { engineNameOf, type DbOrTx } from '../db/engine';
import { sqliteConnectionOf } from './audit-connection';
import { rowsAfter, walkChain, walkChainAfter, type ChainReport } from './audit-chain';
import { headProblem, headProblemIn, type AuditHead } from './audit-head';

export interface CheckpointReport extends ChainReport {
  /** Rows up to the checkpoint: counted and trusted, not recomputed. */
  trusted: number;
}

/** The checkpoint check of the trail against `head` (already opened by openAuditHead). */
export function verifyAuditChainSince(sqlite: Database.Database, key: string, head: AuditHead): CheckpointReport {
  const report: CheckpointReport = { verified: 0, unsealed: 0, firstMismatch: null, trusted: head.count };
  sqlite.transaction(() => {
    // Row lastId+1's chain was computed from the head's chain value, whether or not row lastId is
    // still there: the walk is anchored on the signed head, not on the database.
    walkChain(rowsAfter(sqlite, head.lastId), key, { previous: head.chain, sealed: true }, report);
    if (report.problem) return;
    const problem = headProblem(sqlite, head);
    if (problem) report.problem = problem;
  })();
  return report;
}

/** verifyAuditChainSince through the handle, on either engine (audit-chain.ts verifyAuditChainIn). */
export async function verifyAuditChainSinceIn(db: DbOrTx, key: string, head: AuditHead): Promise<CheckpointReport> {
  if (engineNameOf(db) === 'sqlite') return verifyAuditChainSince(sqliteConnectionOf(db), key, head);
  const report: CheckpointReport = { verified: 0, unsealed: 0, firstMismatch: null, trusted: head.count };
  await walkChainAfter(db, head.lastId, key, { previous: head.chain, sealed: true }, report);
  if (report.problem) return report;
  const problem = await headProblemIn(db, head);
  if (problem) report.problem = problem;
  return report;
}
