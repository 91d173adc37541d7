// The audit chain on PostgreSQL (a clinic network): computed by the server, not inside the INSERT as
// on SQLite (audit-chain.ts), since no SQL function there holds the key, and several servers write to
// the one trail. A transaction-scoped advisory lock takes the trail's inserts one at a time across
// every server, from the read of the newest row's chain to the commit: the chain stays one sequence,
// with no fork. Ids are given in that same turn (the newest id + 1), not by the identity's sequence,
// which a rolled-back insert would leave with a gap.
import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { engineOf, type DbOrTx, type PostgresEngine } from '../db/engine';
import { inTransaction, onOwnPostgresClient } from '../db/in-transaction';
import { currentTransaction } from '../db/transaction-scope';
import { auditEvents } from '../db/schema/index';
import { chainValue } from './audit-chain';

/** The trail's advisory lock: a number no other lock of the app takes ("AUDI"). */
const AUDIT_TRAIL_LOCK = 0x41554449;

const keys = new WeakMap<object, string>();

/** The key this server chains its audit events with on `db`'s PostgreSQL database (as registerAuditChain does on SQLite). */
export function registerPostgresAuditChain(db: DbOrTx, key: string): void {
  keys.set(engineOf(db), key);
}

/** An audit event as inserted, without its chain. */
export type UnchainedAuditEvent = Omit<typeof auditEvents.$inferInsert, 'id' | 'chain'>;

/** An event to insert, with its canonical content (canonicalContent), which its chain value covers. */
export interface ChainedAuditInsert {
  event: UnchainedAuditEvent;
  content: string;
}

/**
 * Inserts `event`, chained after the newest row: in the transaction the caller is in, else in one of
 * its own; resolves with its id. `content` is the event's canonical content (canonicalContent).
 */
export async function insertChainedAuditEvent(db: DbOrTx, event: UnchainedAuditEvent, content: string): Promise<number> {
  const [id] = await insertChainedAuditEvents(db, [{ event, content }]);
  return id!;
}

/** Inserts `inserts` in order, chained one after the other, in one statement; resolves with their ids. */
export async function insertChainedAuditEvents(db: DbOrTx, inserts: ChainedAuditInsert[]): Promise<number[]> {
  const key = keyOf(db);
  return await inTransaction(db, async (tx) => {
    const client = currentTransaction(engineOf(tx))!.connection as pg.PoolClient;
    const rows = chained(key, await lockTrailAndReadNewest(client), inserts);
    await tx.insert(auditEvents).values(rows);
    return rows.map((row) => row.id);
  });
}

/**
 * Commits `inserts`, chained, in a transaction of their own whose commit waits for no disk
 * (synchronous_commit off: the audit events of reads, read-audit-batch.ts), in two round trips to the
 * database instead of five: the trail's lock and its newest row are asked for with the transaction's
 * start, the rows go with its commit. While the lock is held every other insert into the trail
 * waits, so the fewer round trips, the more reads a second the whole network audits.
 */
export async function commitChainedAuditBatch(db: DbOrTx, inserts: ChainedAuditInsert[]): Promise<void> {
  const key = keyOf(db);
  await onOwnPostgresClient(engineOf(db) as PostgresEngine, async (client) => {
    const rows = chained(key, await lockTrailAndReadNewest(client, 'begin; set local synchronous_commit = off; '), inserts);
    await client.query(`${insertText(client, rows)}; commit`);
  });
}

function keyOf(db: DbOrTx): string {
  const key = keys.get(engineOf(db));
  if (key === undefined) throw new Error('no audit key is registered for this PostgreSQL database (registerPostgresAuditChain)');
  return key;
}

interface Newest {
  id: number;
  chain: string | null;
}

/**
 * Takes the trail's lock, held until the transaction ends (no other insert into the trail reads the
 * same newest row), then reads the newest row: two statements in one round trip, the second with a
 * snapshot taken after the lock was granted (read committed takes one per statement).
 */
async function lockTrailAndReadNewest(client: pg.PoolClient, before = ''): Promise<Newest | undefined> {
  const results = (await client.query(
    `${before}select pg_advisory_xact_lock(${AUDIT_TRAIL_LOCK}); select id, chain from audit_events order by id desc limit 1`,
  )) as unknown as pg.QueryResult<Newest>[];
  return results[results.length - 1]!.rows[0];
}

type ChainedRow = UnchainedAuditEvent & { id: number; chain: string };

function chained(key: string, newest: Newest | undefined, inserts: ChainedAuditInsert[]): ChainedRow[] {
  let id = newest?.id ?? 0;
  let chain = newest?.chain ?? null;
  return inserts.map(({ event, content }) => {
    id += 1;
    chain = chainValue(key, chain, content);
    return { ...event, id, chain };
  });
}

/** The rows' insert as one statement with its values written out, to travel in one message with the commit. */
function insertText(client: pg.PoolClient, rows: ChainedRow[]): string {
  const columns = Object.entries(getTableColumns(auditEvents));
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number') return String(value);
    return client.escapeLiteral(String(value));
  };
  const values = rows.map((row) => {
    const record = row as Record<string, unknown>;
    return `(${columns.map(([property, column]) => (record[property] === undefined ? 'default' : literal(column.mapToDriverValue(record[property])))).join(', ')})`;
  });
  return `insert into audit_events (${columns.map(([, column]) => `"${column.name}"`).join(', ')}) values ${values.join(', ')}`;
}
