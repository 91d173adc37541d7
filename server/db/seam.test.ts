// The storage seam on SQLite (engine.ts, in-transaction.ts, sqlite-router.ts): a transaction awaits
// between its statements while the server goes on serving, so what runs meanwhile must neither see
// what it has not committed nor slip its own statements into it.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './client';
import { engineOf, sqliteEngineOf } from './engine';
import { inTransaction } from './in-transaction';
import { rawGet, rawRows, rawRun } from './raw-sql';
import { accessVersion } from './schema/index';

let db: Db;

beforeEach(async () => {
  db = openDatabase(':memory:');
  // A table of the test's own: what it holds says which statements ran, and in what order.
  await rawRun(db, 'create table steps (id integer primary key, who text not null)');
});
afterEach(() => engineOf(db).close());

const countSteps = async (where = '1') => (await rawGet<{ n: number }>(db, `select count(*) as n from steps where ${where}`))!.n;
const stepsInOrder = () => rawRows<{ who: string }>(db, 'select who from steps order by id');
/** What the read-only reader sees, asked directly (from inside a transaction, queries go to the writer). */
const committedSteps = () => (sqliteEngineOf(db).reader.prepare('select count(*) as n from steps').get() as { n: number }).n;

describe('the storage seam on SQLite', () => {
  it("does not show a query outside the transaction the transaction's insert while it awaits", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = inTransaction(db, async (tx) => {
      await rawRun(tx, "insert into steps (who) values ('inside')");
      inserted();
      await held;
      // Inside, it is there.
      expect(await countSteps()).toBe(1);
    });
    await insertDone;
    expect(await countSteps()).toBe(0);
    release();
    await transaction;
    expect(await countSteps()).toBe(1);
  });

  it('runs two transactions started at once one after the other, never interleaving their statements', async () => {
    const writeThree = (who: string) =>
      inTransaction(db, async (tx) => {
        for (let step = 0; step < 3; step += 1) {
          await rawRun(tx, 'insert into steps (who) values (?)', [who]);
          // A real wait between statements: the other transaction would get in here if it could.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
    await Promise.all([writeThree('first'), writeThree('second')]);
    expect((await stepsInOrder()).map((row) => row.who)).toEqual(['first', 'first', 'first', 'second', 'second', 'second']);
  });

  it('leaves nothing of a transaction that throws', async () => {
    const failing = inTransaction(db, async (tx) => {
      await rawRun(tx, "insert into steps (who) values ('doomed')");
      await rawRun(tx, "insert into steps (who) values ('doomed too')");
      throw new Error('the change is refused');
    });
    await expect(failing).rejects.toThrow('the change is refused');
    expect(await countSteps()).toBe(0);
    // The writer is free again: the next transaction commits.
    await inTransaction(db, (tx) => rawRun(tx, "insert into steps (who) values ('after')"));
    expect(await countSteps()).toBe(1);
  });

  it('refuses a write outside any transaction (the reader is read-only), while rawRun outside one commits in its own', async () => {
    const { reader } = sqliteEngineOf(db);
    expect(() => reader.prepare("insert into steps (who) values ('outside')").run()).toThrow(/readonly/);
    // Through drizzle, outside any transaction, the statement reaches the reader and fails alike.
    // (drizzle wraps SQLite's error; its cause says why).
    let refusal: unknown;
    try {
      db.run(sql`insert into steps (who) values ('outside')`);
    } catch (error) {
      refusal = error;
    }
    expect(String((refusal as Error | undefined)?.cause)).toMatch(/readonly/);
    expect(await countSteps()).toBe(0);
    expect(await rawRun(db, "insert into steps (who) values ('on its own')")).toEqual({ changes: 1 });
    expect(await countSteps()).toBe(1);
  });

  it('runs a query the work returns without awaiting it inside the transaction', async () => {
    // `(tx) => tx.insert(…)`: drizzle's query runs when awaited, and inTransaction awaits it inside.
    await inTransaction(db, (tx) => tx.insert(accessVersion).values({ id: 2, version: 7 }));
    expect(await rawGet(db, 'select version from access_version where id = 2')).toEqual({ version: 7 });
  });

  it('joins an inTransaction called inside another: one transaction, one commit, one rollback', async () => {
    const { writer } = sqliteEngineOf(db);
    await inTransaction(db, async (outer) => {
      await rawRun(outer, "insert into steps (who) values ('outer')");
      await inTransaction(db, async (inner) => {
        expect(writer.inTransaction).toBe(true);
        await rawRun(inner, "insert into steps (who) values ('inner')");
      });
      // The inner one did not commit: the outer transaction is still open, and outside nothing is seen yet.
      expect(writer.inTransaction).toBe(true);
      expect(committedSteps()).toBe(0);
    });
    expect(writer.inTransaction).toBe(false);
    expect(committedSteps()).toBe(2);

    // And what the inner one wrote goes with the outer one when it throws.
    const failing = inTransaction(db, async () => {
      await inTransaction(db, (inner) => rawRun(inner, "insert into steps (who) values ('inner, rolled back')"));
      throw new Error('the outer change is refused');
    });
    await expect(failing).rejects.toThrow('the outer change is refused');
    expect(await countSteps()).toBe(2);
  });
});
