// The audit trail refuses replacement from any connection. INSERT OR REPLACE
// over an existing id deletes the old row first, and that delete fires the append-only DELETE
// trigger only on a connection with recursive_triggers on, as the server's is (db/client.ts). The
// sqlite3 shell, or any other program, opens the file without it. drizzle/0014 refuses the insert
// itself, before any conflict is resolved, whatever the connection's pragmas.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { engineOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';

let dir: string;
let path: string;
/** A connection as another program opens the file: no pragma set. */
let other: Database.Database;

const row = (sqlite: Database.Database, id: number) => sqlite.prepare('select id, action, detail from audit_events where id = ?').get(id);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'expediente-audit-replace-'));
  path = join(dir, 'expediente.db');
  // The server's own opening: pragmas and every migration, on a file.
  const server = openDatabase(path);
  await rawRun(server, "insert into audit_events (at, actor_type, action, outcome, detail) values (?, 'anonymous', 'auth.login', 'denied', 'wrong password')", [
    new Date().toISOString(),
  ]);
  await engineOf(server).close();
  other = new Database(path);
});
afterAll(() => {
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an audit event, from a connection without recursive_triggers', () => {
  it('is the connection the issue describes', () => {
    expect(other.pragma('recursive_triggers', { simple: true })).toBe(0);
    expect(row(other, 1)).toEqual({ id: 1, action: 'auth.login', detail: 'wrong password' });
  });

  it.each([
    ['INSERT OR REPLACE', "insert or replace into audit_events (id, at, actor_type, action, outcome, detail) values (1, '2020-01-01T00:00:00.000Z', 'anonymous', 'auth.login', 'success', 'forged')"],
    ['REPLACE', "replace into audit_events (id, at, actor_type, action, outcome, detail) values (1, '2020-01-01T00:00:00.000Z', 'anonymous', 'auth.login', 'success', 'forged')"],
    ['an upsert', "insert into audit_events (id, at, actor_type, action, outcome) values (1, 'x', 'anonymous', 'x', 'success') on conflict (id) do update set detail = 'forged'"],
    ['INSERT OR IGNORE', "insert or ignore into audit_events (id, at, actor_type, action, outcome, detail) values (1, 'x', 'anonymous', 'x', 'success', 'forged')"],
  ])('cannot be replaced by %s over its id: refused, and the row is as it was', (_kind, statement) => {
    expect(() => other.exec(statement)).toThrow(/audit_events is append-only/);
    expect(row(other, 1)).toEqual({ id: 1, action: 'auth.login', detail: 'wrong password' });
    expect(other.prepare('select count(*) from audit_events').pluck().get()).toBe(1);
  });

  it('is still appended by a plain insert, which leaves the id to SQLite', () => {
    const { lastInsertRowid } = other
      .prepare("insert into audit_events (at, actor_type, action, outcome, detail) values (?, 'anonymous', 'auth.login', 'denied', 'second')")
      .run(new Date().toISOString());
    expect(row(other, Number(lastInsertRowid))).toEqual({ id: 2, action: 'auth.login', detail: 'second' });
  });

  it('would be replaced silently without the trigger, the append-only delete trigger notwithstanding (the test is not vacuous)', () => {
    // Inside a transaction that is rolled back: dropping a trigger is undone like any change.
    other.exec('begin');
    try {
      other.exec('drop trigger audit_events_no_replace');
      expect(other.prepare("select count(*) from sqlite_master where type = 'trigger' and name = 'audit_events_no_delete'").pluck().get()).toBe(1);
      other.exec("insert or replace into audit_events (id, at, actor_type, action, outcome, detail) values (1, 'x', 'anonymous', 'auth.login', 'success', 'forged')");
      expect(row(other, 1)).toEqual({ id: 1, action: 'auth.login', detail: 'forged' });
    } finally {
      other.exec('rollback');
    }
    expect(row(other, 1)).toEqual({ id: 1, action: 'auth.login', detail: 'wrong password' });
  });
});
