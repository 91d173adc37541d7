// Whether a PostgreSQL database already holds a practice: its accounts and audit rows, counted
// without changing anything (a database never migrated has neither). A practice is copied, or a
// backup restored, only into a database where this is 0.
import type pg from 'pg';

export async function postgresPracticeRows(client: pg.ClientBase): Promise<number> {
  const tables = await client.query<{ users: string | null; audit: string | null }>(
    "select to_regclass('public.users')::text as users, to_regclass('public.audit_events')::text as audit",
  );
  const { users, audit } = tables.rows[0]!;
  if (!users || !audit) return 0;
  const existing = await client.query<{ n: string }>('select (select count(*) from users) + (select count(*) from audit_events) as n');
  return Number(existing.rows[0]!.n);
}
