// For tests of a write that must be undone whole: the database refuses an insert, as a failing
// trigger would, until the returned function lifts the refusal.
// SQLite: a temporary trigger on the writer's connection (the one connection where writes run).
// PostgreSQL: a trigger on the table, in the test file's own database (every connection of it).
import type { Db } from '../db/engine';
import { engineNameOf, sqliteEngineOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
let triggers = 0;

/**
 * Refuses inserting into `table` the rows for which `condition` holds (an SQL expression over `new`
 * that both engines read alike; every row when none), raising `message`.
 */
export async function refuseInserts(db: Db, table: string, message: string, condition?: string): Promise<() => Promise<void>> {
  const name = `refuse_insert_${++triggers}`;
  if (engineNameOf(db) === 'sqlite') {
    const writer = sqliteEngineOf(db).writer;
    writer.exec(`create temp trigger ${name} before insert on ${table} ${condition ? `when ${condition}` : ''}
      begin select raise(abort, ${literal(message)}); end`);
    return async () => void writer.exec(`drop trigger ${name}`);
  }
  await rawRun(
    db,
    `create function ${name}() returns trigger language plpgsql as $$ begin
       if ${condition ?? 'true'} then raise exception '%', ${literal(message)}; end if;
       return new;
     end $$`,
  );
  await rawRun(db, `create trigger ${name} before insert on ${table} for each row execute function ${name}()`);
  return async () => {
    await rawRun(db, `drop trigger ${name} on ${table}`);
    await rawRun(db, `drop function ${name}()`);
  };
}

/** Refuses inserting a successful `action` audit event, raising `message`. */
export const refuseAuditOf = (db: Db, action: string, message: string) =>
  refuseInserts(db, 'audit_events', message, `new.action = ${literal(action)} and new.outcome = 'success'`);

/** The messages of `error` and of the errors it was caused by: drizzle wraps a failed query on PostgreSQL. */
export function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; depth < 8 && current instanceof Error; current = current.cause, depth++) messages.push(current.message);
  return messages;
}
