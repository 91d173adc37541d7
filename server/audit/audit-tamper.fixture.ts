// For tests: what someone who can write the database (its file, or PostgreSQL as a superuser) but does
// not hold the audit key can do.
// The append-only triggers are listed from sqlite_master rather than named, so that a trigger added
// later cannot make these tests pass for the wrong reason (a refused edit instead of a detected one).
import Database from 'better-sqlite3';
import { engineNameOf, sqliteEngineOf, type Db } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawRun } from '../db/raw-sql';

export function dropAuditTriggers(sqlite: Database.Database): void {
  const triggers = sqlite.prepare("select name from sqlite_master where type = 'trigger' and tbl_name = 'audit_events'").pluck().all() as string[];
  for (const name of triggers) sqlite.exec(`drop trigger "${name.replaceAll('"', '""')}"`);
}

/** Opens the database file, drops the audit trail's triggers and runs `statement`. */
export function tamper(path: string, statement: string): void {
  const sqlite = new Database(path);
  try {
    dropAuditTriggers(sqlite);
    sqlite.exec(statement);
  } finally {
    sqlite.close();
  }
}

/** The newest `n` rows of the audit trail, gone. */
export const deleteNewestRows = (n: number) => `delete from audit_events where id in (select id from audit_events order by id desc limit ${n})`;

/**
 * `statement` run past the audit trail's append-only rules through the handle, on either engine: on
 * SQLite on the writer with the triggers dropped (call it between requests); on PostgreSQL as a
 * superuser may, with the triggers switched off for its one transaction.
 */
export async function tamperIn(db: Db, statement: string): Promise<void> {
  if (engineNameOf(db) === 'sqlite') {
    const writer = sqliteEngineOf(db).writer;
    dropAuditTriggers(writer);
    writer.exec(statement);
    return;
  }
  await inTransaction(db, async (tx) => {
    await rawRun(tx, 'set local session_replication_role = replica');
    await rawRun(tx, statement);
  });
}
