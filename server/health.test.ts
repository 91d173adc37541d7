// GET /api/health tells a monitor whether the server can work: the database takes a real write and
// is sound, and the documents directory takes a file; it names which failed, and how, and nothing else.
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { release } from './release';
import { openDatabase } from './db/client';
import { fillDatabase } from './db/full-database.fixture';
import { buildTestApp, testConfig } from './test/helpers';
import { rawGet } from './db/raw-sql';
import { engineOf, sqliteEngineOf } from './db/engine';
import { inTransaction } from './db/in-transaction';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const unavailable = (database: string, documents = 'present') => ({ status: 503, body: { status: 'unavailable', database, documents, storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });

const health = async () => {
  const response = await app!.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json() as Record<string, string> };
};

describe('GET /api/health', () => {
  it('answers 200 with the database writable and the documents directory present, on a fresh DATA_DIR', async () => {
    app = await buildTestApp();
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'writable', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
  });

  it('answers 503 naming the documents directory when it is gone, and 200 again once it is back', async () => {
    app = await buildTestApp();
    const dir = app.deps.blobs.dir!;
    renameSync(dir, `${dir}-away`);
    expect(await health()).toEqual({ status: 503, body: { status: 'unavailable', database: 'writable', documents: 'missing', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
    renameSync(`${dir}-away`, dir);
    expect((await health()).status).toBe(200);
  });

  it('answers 503 naming the database when it cannot take a write, and reveals no path or error text', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'expediente-health-'));
    const file = join(dataDir, 'expediente.db');
    app = await buildTestApp({ db: openDatabase(file), config: { ...testConfig(), dataDir } });
    sqliteEngineOf(app.deps.db).writer.pragma('busy_timeout = 50');
    // Another process holding the write lock is what a stuck or read-only database looks like from here.
    const other = new Database(file);
    other.prepare('BEGIN IMMEDIATE').run();
    try {
      const answer = await health();
      expect(answer).toEqual({ status: 503, body: { status: 'unavailable', database: 'unavailable', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
      expect(JSON.stringify(answer.body)).not.toContain(dataDir);
    } finally {
      other.prepare('ROLLBACK').run();
      other.close();
    }
    expect((await health()).status).toBe(200);
    await app.close();
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('commits a real write: answers 503 "full" when the database has no room left, and 200 once space is freed', async () => {
    app = await buildTestApp();
    // Taking the write lock and letting it go, all the old check did, still succeeds here.
    const sqlite = sqliteEngineOf(app.deps.db).writer;
    const freeSpace = await fillDatabase(app.deps.db);
    sqlite.prepare('BEGIN IMMEDIATE').run();
    sqlite.prepare('ROLLBACK').run();
    expect(await health()).toEqual(unavailable('full'));
    freeSpace();
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'writable', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
  });

  it('answers 200 while a transaction of the server awaits between its statements, without writing into it', async () => {
    app = await buildTestApp();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const holding = new Promise<void>((resolve) => (begun = resolve));
    const transaction = inTransaction(app.deps.db, async () => {
      begun();
      await held;
    });
    await holding;
    expect((await health()).status).toBe(200);
    release();
    await transaction;
    expect((await health()).status).toBe(200);
  });

  it('keeps one probe row however often it is asked', async () => {
    app = await buildTestApp();
    for (let i = 0; i < 5; i++) expect((await health()).status).toBe(200);
    expect(await rawGet(app.deps.db, 'select count(*) as n from health_probe')).toEqual({ n: 1 });
  });

  it('answers 503 "read-only" when the database refuses writes', async () => {
    app = await buildTestApp();
    // query_only makes SQLite refuse every write with SQLITE_READONLY, as a read-only file does.
    sqliteEngineOf(app.deps.db).writer.pragma('query_only = 1');
    expect(await health()).toEqual(unavailable('read-only'));
    sqliteEngineOf(app.deps.db).writer.pragma('query_only = 0');
    expect((await health()).status).toBe(200);
  });

  it('answers 503 "unavailable" once the database is closed', async () => {
    app = await buildTestApp();
    await engineOf(app.deps.db).close();
    expect(await health()).toEqual(unavailable('unavailable'));
  });
});
