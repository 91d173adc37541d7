// For tests: what someone who can write the database file but does not hold the audit key can do.
// The append-only triggers are listed from sqlite_master rather than named, so that a trigger added
// later cannot make these tests pass for the wrong reason (a refused edit instead of a detected one).
import Database from 'better-sqlite3';

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
