// The audit chain recomputed on a PostgreSQL connection inside the transaction that copied it, so that
// a restore whose copy would not verify is rolled back with everything else rather than found out
// after its commit. The same walk (walkChain) and the same verdict on the head (judgeHead) as
// audit:verify; the rows are read by id in batches on the copying connection itself.
import pg from 'pg';
import { walkChain, type ChainPosition, type ChainReport, type StoredRow } from '../audit/audit-chain';
import { HEAD_FACTS_SQL, headFactsParams, judgeHead, type AuditHead, type HeadFacts } from '../audit/audit-head';
import { postgresPlaceholders } from '../db/raw-sql';

const BATCH_ROWS = 1000;

/** bigint as a number, as the server's own pool reads it (db/postgres-engine.ts): the chain's content is computed from it. */
const NUMBERS = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (text: string) => Number(text) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function verifyChainOnConnection(client: pg.ClientBase, key: string, head: AuditHead | null): Promise<ChainReport> {
  const report: ChainReport = { verified: 0, unsealed: 0, firstMismatch: null };
  let upToHead = 0;
  const countUpToHead = head ? (row: StoredRow) => void (row.id <= head.lastId && (upToHead += 1)) : undefined;
  let position: ChainPosition = { previous: null, sealed: false };
  for (let after = Number.MIN_SAFE_INTEGER; ; ) {
    const { rows } = await client.query<StoredRow>({ text: 'select * from audit_events where id > $1 order by id limit $2', values: [after, BATCH_ROWS], types: NUMBERS });
    position = walkChain(rows, key, position, report, countUpToHead);
    if (report.problem) return report;
    if (rows.length < BATCH_ROWS) break;
    after = rows[rows.length - 1]!.id;
  }
  if (!head) return report;
  // HEAD_FACTS_SQL's names are folded by PostgreSQL: its values are taken by position. The rows up
  // to the head were counted by the walk.
  const facts = await client.query<unknown[]>({ text: postgresPlaceholders(HEAD_FACTS_SQL), values: headFactsParams(head.lastId), rowMode: 'array', types: NUMBERS });
  const [, firstSealedId, lastRowExists, lastRowChain] = facts.rows[0]! as [number, number | null, number, string | null];
  const problem = judgeHead(head, { countUpToLast: upToHead, firstSealedId, lastRowExists, lastRowChain } satisfies HeadFacts);
  if (problem) report.problem = problem;
  return report;
}
