// For tests of a write that must be undone with its audit event: the database refuses the audit
// insert of one action's success, as a trigger would, until the returned function lifts the refusal.
// SQLite: a temporary trigger on the writer's connection (the one connection where the audit insert
// runs). PostgreSQL: a trigger on audit_events, for the test file's own database (every connection of it).
import type { Db } from '../db/engine';
import { engineNameOf, sqliteEngineOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';

/** Refuses inserting a successful `action` audit event with `message` (raised as the trigger's error). */
export async function refuseAuditOf(db: Db, action: string, message: string): Promise<() => Promise<void>> {
  const name = `refuse_${action.replace(/[^a-z0-9]/gi, '_')}_audit`;
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (engineNameOf(db) === 'sqlite') {
    const writer = sqliteEngineOf(db).writer;
    writer.exec(`create temp trigger ${name} before insert on audit_events
      when new.action = ${literal(action)} and new.outcome = 'success' begin select raise(abort, ${literal(message)}); end`);
    return async () => void writer.exec(`drop trigger ${name}`);
  }
  await rawRun(
    db,
    `create function ${name}() returns trigger language plpgsql as $$ begin
       if new.action = ${literal(action)} and new.outcome = 'success' then raise exception ${literal(message)}; end if;
       return new;
     end $$`,
  );
  await rawRun(db, `create trigger ${name} before insert on audit_events for each row execute function ${name}()`);
  return async () => {
    await rawRun(db, `drop trigger ${name} on audit_events`);
    await rawRun(db, `drop function ${name}()`);
  };
}

/** The messages of `error` and of the errors it was caused by: drizzle wraps a failed query on PostgreSQL. */
export function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; depth < 8 && current instanceof Error; current = current.cause, depth++) messages.push(current.message);
  return messages;
}
