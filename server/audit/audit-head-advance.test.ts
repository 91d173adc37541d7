// The head moved forward by the rows written since the last one: counted from the last
// head's count, never from the whole trail, and sealed only over rows that match their chain; a cut
// it cannot see while moving forward is still found against the head it wrote.
import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { registerAuditChain } from './audit-chain';
import { insertAuditEvents } from './audit-events.fixture';
import { advanceAuditHead } from './audit-head-advance';
import { computeAuditHead, headProblem, type AuditHead } from './audit-head';
import { dropAuditTriggers } from './audit-tamper.fixture';
import { engineOf, sqliteEngineOf, type Db } from '../db/engine';

const key = randomBytes(32).toString('hex');
let db: Db;
/** The database's writer, where the server writes the trail and reads it for the head. */
let sqlite: Database.Database;
let head: AuditHead;

const events = (n: number) => Array.from({ length: n }, (_, i) => ({ action: 'agenda.read', detail: `event ${i}` }));
const advanced = (from: AuditHead, maxRows?: number) => {
  const result = advanceAuditHead(sqlite, key, from, { maxRows });
  if (!('head' in result)) throw new Error(result.problem.message);
  return result;
};

beforeEach(() => {
  db = openDatabase(':memory:');
  sqlite = sqliteEngineOf(db).writer;
  registerAuditChain(sqlite, key);
  insertAuditEvents(sqlite, events(20));
  head = computeAuditHead(sqlite)!;
});
afterEach(() => engineOf(db).close());

describe('advanceAuditHead', () => {
  it('seals the rows written since the last head, counted on from its count: the head the whole trail gives', () => {
    insertAuditEvents(sqlite, events(7));
    const { head: next, caughtUp } = advanced(head);
    expect(caughtUp).toBe(true);
    const { writtenAt: _whole, ...whole } = computeAuditHead(sqlite)!;
    expect(next).toMatchObject({ ...whole, lastId: 27, count: 27, firstSealedId: 1 });
  });

  it('keeps the head where it was when nothing was written since', () => {
    expect(advanced(head)).toMatchObject({ head: { lastId: 20, count: 20, chain: head.chain }, caughtUp: true });
  });

  it('goes a step of rows at a time, each step a head of its own', () => {
    insertAuditEvents(sqlite, events(7));
    const first = advanced(head, 3);
    expect(first).toMatchObject({ head: { lastId: 23, count: 23 }, caughtUp: false });
    const second = advanced(first.head, 3);
    expect(second).toMatchObject({ head: { lastId: 26, count: 26 }, caughtUp: false });
    expect(advanced(second.head, 3)).toMatchObject({ head: { lastId: 27, count: 27 }, caughtUp: true });
  });

  it('does not read the rows the last head sealed: a row cut before it is not counted again, and shows against the new head', () => {
    dropAuditTriggers(sqlite);
    sqlite.exec('delete from audit_events where id = 5');
    insertAuditEvents(sqlite, events(3));
    const { head: next } = advanced(head);
    // The head says what was there when it was trusted: 20 rows up to row 20, and 3 since.
    expect(next).toMatchObject({ lastId: 23, count: 23 });
    expect(headProblem(sqlite, next)).toMatchObject({ kind: 'cut', message: expect.stringContaining('22 rows up to row 23') });
  });

  it('refuses to seal over a row after the last head that does not match its chain', () => {
    insertAuditEvents(sqlite, events(5));
    dropAuditTriggers(sqlite);
    sqlite.exec("update audit_events set detail = 'forged' where id = 23");
    expect(advanceAuditHead(sqlite, key, head)).toEqual({ problem: expect.objectContaining({ kind: 'altered', message: expect.stringContaining('row 23') }) });
  });

  it("refuses when the last head's own row is gone or carries another chain", () => {
    dropAuditTriggers(sqlite);
    sqlite.exec("update audit_events set chain = 'beef' where id = 20");
    expect(advanceAuditHead(sqlite, key, head)).toEqual({ problem: expect.objectContaining({ kind: 'altered' }) });
    sqlite.exec('delete from audit_events where id = 20');
    expect(advanceAuditHead(sqlite, key, head)).toEqual({ problem: expect.objectContaining({ kind: 'cut' }) });
  });
});
