// For tests: audit events written straight into the trail, many and fast, with the moments and
// actors a test needs (recordAudit stamps the real clock). Each row is chained exactly as
// recordAudit chains it, through the audit_chain function the app registers on its connection, so
// the trail still verifies afterwards (on PostgreSQL, by the server's chaining: audit-chain-postgres.ts).
import type Database from 'better-sqlite3';
import { engineNameOf, sqliteEngineOf, type Db } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { AUDIT_CHAIN_FUNCTION, canonicalContent, type AuditContent } from './audit-chain';
import { insertChainedAuditEvent, type UnchainedAuditEvent } from './audit-chain-postgres';

export type TestAuditEvent = Partial<AuditContent> & Pick<AuditContent, 'action'>;

const defaults: Omit<AuditContent, 'action'> = {
  at: new Date().toISOString(),
  actorUserId: null,
  actorType: 'anonymous',
  patientId: null,
  outcome: 'success',
  ip: '127.0.0.1',
  detail: null,
  emergency: false,
  actorName: null,
  actorLname: null,
};

/** Appends the events in order, in one transaction; returns their ids. */
export function insertAuditEvents(sqlite: Database.Database, events: Iterable<TestAuditEvent>): number[] {
  const insert = sqlite.prepare(
    `insert into audit_events (at, actor_user_id, actor_type, action, patient_id, outcome, ip, detail, emergency, actor_name, actor_lname, chain)
     values (@at, @actorUserId, @actorType, @action, @patientId, @outcome, @ip, @detail, @emergency, @actorName, @actorLname,
       ${AUDIT_CHAIN_FUNCTION}((select chain from audit_events order by id desc limit 1), @content))`,
  );
  return sqlite.transaction(() => {
    const ids: number[] = [];
    for (const event of events) {
      const row: AuditContent = { ...defaults, ...event };
      const { lastInsertRowid } = insert.run({ ...row, emergency: row.emergency ? 1 : 0, content: canonicalContent(row) });
      ids.push(Number(lastInsertRowid));
    }
    return ids;
  })();
}

/**
 * insertAuditEvents through the handle, on either engine. On SQLite it writes on the writer
 * directly: call it between requests, when no transaction holds the writer.
 */
export async function insertAuditEventsIn(db: Db, events: Iterable<TestAuditEvent>): Promise<number[]> {
  if (engineNameOf(db) === 'sqlite') return insertAuditEvents(sqliteEngineOf(db).writer, events);
  return await inTransaction(db, async (tx) => {
    const ids: number[] = [];
    for (const event of events) {
      const row: AuditContent = { ...defaults, ...event };
      // The columns are named as the content's fields (db/schema/audit.ts).
      ids.push(await insertChainedAuditEvent(tx, row as UnchainedAuditEvent, canonicalContent(row)));
    }
    return ids;
  });
}
