// Moving the sealed head forward without reading the trail it already sealed. The count of rows up
// to a new head is the previous head's count plus the rows after it, and those rows are recomputed
// against the chain from the previous head's value before they are sealed: a head then vouches that
// every row up to it matched its chain when it was sealed, which is what lets the checkpoint check
// (audit-checkpoint.ts) start from it. The cost is the rows written since the last head, not the
// millions before it: the server does this on its own thread, every few minutes and at close.
import type Database from 'better-sqlite3';
import type { DbOrTx } from '../db/engine';
import { rawRows } from '../db/raw-sql';
import { walkChain, type AuditProblem, type ChainReport, type StoredRow } from './audit-chain';
import { judgeHead, type AuditHead } from './audit-head';

/** Rows recomputed in one step; the writer yields to requests between steps. */
export const ADVANCE_STEP_ROWS = 5_000;

export type HeadAdvance =
  /** `caughtUp`: no row after `head` was left for another step. */
  | { head: AuditHead; caughtUp: boolean }
  | { problem: AuditProblem };

export interface AdvanceOptions {
  /** Rows recomputed at most; ADVANCE_STEP_ROWS unless told. */
  maxRows?: number;
  now?: Date;
}

/**
 * The head after `previous` (a head this database was found to hold): at most `maxRows` rows after
 * it, recomputed from its chain value and counted. Refuses, with the problem, when its own row no
 * longer carries its chain or a row after it does not match: nothing is sealed over a broken chain.
 */
export function advanceAuditHead(
  sqlite: Database.Database,
  key: string,
  previous: AuditHead,
  options: AdvanceOptions = {},
): HeadAdvance {
  const maxRows = options.maxRows ?? ADVANCE_STEP_ROWS;
  return sqlite.transaction((): HeadAdvance => {
    const own = sqlite.prepare('select chain from audit_events where id = ?').get(previous.lastId) as { chain: string | null } | undefined;
    const rows = () => sqlite.prepare('select * from audit_events where id > ? order by id limit ?').iterate(previous.lastId, maxRows) as IterableIterator<StoredRow>;
    return advanceOver(own, rows, key, previous, maxRows, options.now);
  })();
}

/**
 * advanceAuditHead through the handle, on either engine (PostgreSQL: a clinic network's one trail,
 * which every server of it seals in its own DATA_DIR). The head's own row and the rows after it come
 * in one statement, so from one snapshot without a transaction: the other servers' inserts go on.
 */
export async function advanceAuditHeadIn(db: DbOrTx, key: string, previous: AuditHead, options: AdvanceOptions = {}): Promise<HeadAdvance> {
  const maxRows = options.maxRows ?? ADVANCE_STEP_ROWS;
  const fetched = await rawRows<StoredRow>(db, 'select * from audit_events where id >= ? order by id limit ?', [previous.lastId, maxRows + 1]);
  const own = fetched[0]?.id === previous.lastId ? fetched.shift() : undefined;
  return advanceOver(own, () => fetched.slice(0, maxRows), key, previous, maxRows, options.now);
}

/** The next head from the previous head's own row (if still there) and the rows after it, read by the caller. */
function advanceOver(
  own: { chain: string | null } | undefined,
  rowsAfter: () => Iterable<StoredRow>,
  key: string,
  previous: AuditHead,
  maxRows: number,
  now: Date = new Date(),
): HeadAdvance {
  const writtenAt = now.toISOString();
  // The count and the first sealed row were checked when the previous head was trusted; here only its own row.
  const ownProblem = judgeHead(previous, {
    countUpToLast: previous.count,
    firstSealedId: previous.firstSealedId,
    lastRowExists: own ? 1 : 0,
    lastRowChain: own?.chain ?? null,
  });
  if (ownProblem) return { problem: ownProblem };
  const report: ChainReport = { verified: 0, unsealed: 0, firstMismatch: null };
  let last: StoredRow | undefined;
  walkChain(rowsAfter(), key, { previous: previous.chain, sealed: true }, report, (row) => (last = row));
  if (report.problem) return { problem: report.problem };
  if (!last) return { head: { ...previous, writtenAt }, caughtUp: true };
  return {
    head: { lastId: last.id, count: previous.count + report.verified, chain: last.chain!, firstSealedId: previous.firstSealedId, writtenAt },
    caughtUp: report.verified < maxRows,
  };
}
