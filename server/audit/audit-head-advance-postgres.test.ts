// advanceAuditHeadIn on a clinic network's PostgreSQL trail, as audit-head-advance.test.ts runs
// advanceAuditHead on SQLite: counted on from the last head, a step at a time, and never sealed over
// a row that does not match its chain or a head whose own row is gone.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineOf, type Db } from '../db/engine';
import { openPostgres } from '../db/postgres-engine';
import { freshPostgresDatabase, postgresUnreachable, type FreshPostgresDatabase } from '../test/postgres-database';
import { registerPostgresAuditChain } from './audit-chain-postgres';
import { insertAuditEventsIn } from './audit-events.fixture';
import { advanceAuditHeadIn } from './audit-head-advance';
import { computeAuditHeadIn, headProblemIn, type AuditHead } from './audit-head';
import { tamperIn } from './audit-tamper.fixture';

const key = randomBytes(32).toString('hex');
const events = (n: number) => Array.from({ length: n }, (_, i) => ({ action: 'agenda.read', detail: `event ${i}` }));

describe.skipIf(await postgresUnreachable())('advanceAuditHeadIn on PostgreSQL', () => {
  let database: FreshPostgresDatabase;
  let db: Db;
  let head: AuditHead;
  const advanced = async (from: AuditHead, maxRows?: number) => {
    const result = await advanceAuditHeadIn(db, key, from, { maxRows });
    if (!('head' in result)) throw new Error(result.problem.message);
    return result;
  };

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    db = await openPostgres(database.url);
    registerPostgresAuditChain(db, key);
  });
  afterAll(async () => {
    await engineOf(db).close();
    await database.drop();
  });
  beforeEach(async () => {
    await tamperIn(db, 'delete from audit_events');
    await insertAuditEventsIn(db, events(20));
    head = (await computeAuditHeadIn(db))!;
  });

  it('seals the rows written since the last head, counted on from its count, a step at a time: the head the whole trail gives', async () => {
    expect(head).toMatchObject({ lastId: 20, count: 20, firstSealedId: 1 });
    expect(await advanced(head)).toMatchObject({ head: { lastId: 20, count: 20, chain: head.chain }, caughtUp: true });
    await insertAuditEventsIn(db, events(7));
    const first = await advanced(head, 4);
    expect(first).toMatchObject({ head: { lastId: 24, count: 24 }, caughtUp: false });
    const second = await advanced(first.head, 4);
    expect(second.caughtUp).toBe(true);
    const { writtenAt: _whole, ...whole } = (await computeAuditHeadIn(db))!;
    expect(second.head).toMatchObject({ ...whole, lastId: 27, count: 27 });
  });

  it('does not read the rows the last head sealed: a row cut before it shows against the new head', async () => {
    await tamperIn(db, 'delete from audit_events where id = 5');
    await insertAuditEventsIn(db, events(3));
    const { head: next } = await advanced(head);
    expect(next).toMatchObject({ lastId: 23, count: 23 });
    expect(await headProblemIn(db, next)).toMatchObject({ kind: 'cut', message: expect.stringContaining('22 rows up to row 23') });
  });

  it("refuses to seal over a row after the last head that does not match its chain, or when the last head's own row is gone", async () => {
    await insertAuditEventsIn(db, events(5));
    await tamperIn(db, "update audit_events set detail = 'forged' where id = 23");
    expect(await advanceAuditHeadIn(db, key, head)).toEqual({ problem: expect.objectContaining({ kind: 'altered', message: expect.stringContaining('row 23') }) });
    await tamperIn(db, 'delete from audit_events where id = 20');
    expect(await advanceAuditHeadIn(db, key, head)).toEqual({ problem: expect.objectContaining({ kind: 'cut' }) });
  });
});
