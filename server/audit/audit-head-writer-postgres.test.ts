// A clinic network's servers each keep their own DATA_DIR/audit-head over the one trail in
// PostgreSQL: written at start, on the interval and at close; carried on from a head left behind
// while others wrote; left as it was, and logged, when rows were cut meanwhile; and the check against
// it (whole, or since the checkpoint) finds rows cut from the end of the trail.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildOptions } from '../app';
import { engineOf, type Db } from '../db/engine';
import { openPostgres } from '../db/postgres-engine';
import { rawGet } from '../db/raw-sql';
import { KEY_FILES } from '../encryption/encrypt-practice';
import { buildTestApp, register, testConfig } from '../test/helpers';
import { freshPostgresDatabase, postgresUnreachable, type FreshPostgresDatabase } from '../test/postgres-database';
import { verifyAuditChainIn } from './audit-chain';
import { registerPostgresAuditChain } from './audit-chain-postgres';
import { verifyAuditChainSinceIn } from './audit-checkpoint';
import { insertAuditEventsIn } from './audit-events.fixture';
import { AUDIT_HEAD_FILE, readAuditHead } from './audit-head';
import { NO_LONGER_HELD } from './audit-head-writer';
import { AUDIT_KEY_FILE } from './audit-key';
import { deleteNewestRows, tamperIn } from './audit-tamper.fixture';

let database: FreshPostgresDatabase | undefined;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await database?.drop();
  database = undefined;
});

/** The network's database, migrated, and a handle on it that the test reads and tampers through. */
async function networkDatabase(): Promise<Db> {
  database = await freshPostgresDatabase();
  const db = await openPostgres(database.url);
  cleanups.push(() => engineOf(db).close());
  return db;
}

function newDataDir(keysFrom?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-network-head-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // A second server of the network starts from a copy of the first one's keys (docs/operations.md).
  if (keysFrom) for (const file of KEY_FILES) if (existsSync(join(keysFrom, file))) copyFileSync(join(keysFrom, file), join(dir, file));
  return dir;
}

/** A server of the network on DATA_DIR `dir`, with a pool of its own; `logged` collects its errors. */
async function serverOn(dir: string, options: Partial<BuildOptions> = {}) {
  const logged: string[] = [];
  const app = await buildTestApp({
    config: testConfig({ dataDir: dir }),
    db: await openPostgres(database!.url),
    logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    ...options,
  });
  return { app, logged };
}

const keyOf = (dir: string) => readFileSync(join(dir, AUDIT_KEY_FILE), 'utf8').trim();
const headOf = (dir: string) => readAuditHead(dir, keyOf(dir));
/** The trail's newest row and its length, as the head that seals it names them. */
const newestRow = async (db: Db) =>
  (await rawGet<{ lastId: number; chain: string; count: number }>(db, 'select id as "lastId", chain, (select count(*) from audit_events) as count from audit_events order by id desc limit 1'))!;
/** Events appended as a server of the network appends them, chained under DATA_DIR `dir`'s key. */
async function appendEvents(db: Db, dir: string, n: number): Promise<void> {
  registerPostgresAuditChain(db, keyOf(dir));
  await insertAuditEventsIn(db, Array.from({ length: n }, (_, i) => ({ action: 'agenda.read', detail: `event ${i}` })));
}

describe.skipIf(await postgresUnreachable())('the sealed head of a clinic network, in each server\'s DATA_DIR', () => {
  it('is written at close, and at the next start over what was written since', async () => {
    const db = await networkDatabase();
    const dir = newDataDir();
    const first = await serverOn(dir);
    // A new network's trail has no sealed row at start: no head yet.
    expect(headOf(dir)).toBeNull();
    await register(first.app, { type: 'patient' });
    await first.app.close();
    expect(headOf(dir)).toMatchObject(await newestRow(db));
    await appendEvents(db, dir, 2);
    const second = await serverOn(dir);
    try {
      await vi.waitFor(async () => expect(headOf(dir)).toMatchObject(await newestRow(db)), { timeout: 5_000, interval: 20 });
    } finally {
      await second.app.close();
    }
    expect(first.logged.concat(second.logged)).toEqual([]);
  });

  it('is written again on its interval while the server runs', async () => {
    const db = await networkDatabase();
    const dir = newDataDir();
    const { app } = await serverOn(dir, { auditHeadIntervalMs: 20 });
    try {
      await register(app, { type: 'patient' });
      const newest = await newestRow(db);
      await vi.waitFor(() => expect(headOf(dir)?.lastId).toBe(newest.lastId), { timeout: 5_000, interval: 20 });
    } finally {
      await app.close();
    }
  });

  it("is kept by each server over the rows of both; one left behind while the other wrote carries on from its own, and both verify", async () => {
    const db = await networkDatabase();
    const dirA = newDataDir();
    const a = await serverOn(dirA);
    await register(a.app, { type: 'patient' });
    const dirB = newDataDir(dirA);
    const b = await serverOn(dirB);
    await register(b.app, { type: 'patient' });
    await b.app.close();
    const behind = headOf(dirB)!;
    // B is down; A writes on.
    await register(a.app, { type: 'patient' });
    await appendEvents(db, dirA, 30);
    await a.app.close();
    const newest = await newestRow(db);
    expect(headOf(dirA)).toMatchObject(newest);
    expect(behind.lastId).toBeLessThan(newest.lastId);

    const again = await serverOn(dirB);
    try {
      await vi.waitFor(() => expect(headOf(dirB)).toMatchObject({ ...newest, firstSealedId: behind.firstSealedId }), { timeout: 5_000, interval: 20 });
    } finally {
      await again.app.close();
    }
    for (const dir of [dirA, dirB]) {
      const head = headOf(dir)!;
      expect(await verifyAuditChainIn(db, keyOf(dir), head)).toMatchObject({ verified: newest.count, firstMismatch: null });
      expect((await verifyAuditChainIn(db, keyOf(dir), head)).problem).toBeUndefined();
      expect(await verifyAuditChainSinceIn(db, keyOf(dir), head)).toEqual({ verified: 0, unsealed: 0, firstMismatch: null, trusted: newest.count });
    }
    expect([...a.logged, ...b.logged, ...again.logged]).toEqual([]);
  });

  it('is left as it was, and the server logs why, when rows were cut from the end of the trail; the checks against it find the cut', async () => {
    const db = await networkDatabase();
    const dir = newDataDir();
    const first = await serverOn(dir);
    await register(first.app, { type: 'patient' });
    await appendEvents(db, dir, 5);
    await first.app.close();
    const sealed = readFileSync(join(dir, AUDIT_HEAD_FILE), 'utf8');
    const head = headOf(dir)!;
    // The chain alone still holds once its newest rows are gone: only the head shows the cut.
    await tamperIn(db, deleteNewestRows(2));
    expect((await verifyAuditChainIn(db, keyOf(dir))).problem).toBeUndefined();
    expect((await verifyAuditChainIn(db, keyOf(dir), head)).problem).toMatchObject({ kind: 'cut' });
    expect((await verifyAuditChainSinceIn(db, keyOf(dir), head)).problem).toMatchObject({ kind: 'cut' });

    const second = await serverOn(dir);
    await register(second.app, { type: 'patient' });
    await second.app.close();
    expect(readFileSync(join(dir, AUDIT_HEAD_FILE), 'utf8')).toBe(sealed);
    expect(second.logged.join('')).toContain(NO_LONGER_HELD);
  });
});
