// The server keeps DATA_DIR/audit-head current: at start, on its interval and at close; it never
// moves a head the database no longer holds, and a head it cannot write does not stop it serving.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildOptions } from '../app';
import { openDatabase } from '../db/client';
import { buildTestApp, register, registerRequest, testConfig } from '../test/helpers';
import type { FastifyBaseLogger } from 'fastify';
import { registerAuditChain } from './audit-chain';
import { insertAuditEvents } from './audit-events.fixture';
import { AUDIT_HEAD_FILE, computeAuditHead, headProblem, readAuditHead, signAuditHead, writeAuditHead } from './audit-head';
import { createAuditHeadWriter } from './audit-head-writer';
import { AUDIT_KEY_FILE } from './audit-key';
import { deleteNewestRows, tamper } from './audit-tamper.fixture';
import { rawGet } from '../db/raw-sql';
import { engineOf, sqliteEngineOf } from '../db/engine';

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function newDataDir(): string {
  dataDir = mkdtempSync(join(tmpdir(), 'expediente-head-writer-'));
  return dataDir;
}

/** A server on DATA_DIR's database file; `logged` collects what it logs at error level. */
async function serverOn(dir: string, options: Partial<BuildOptions> = {}) {
  const logged: string[] = [];
  const app = await buildTestApp({
    config: testConfig({ dataDir: dir }),
    db: openDatabase(join(dir, 'expediente.db')),
    logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    ...options,
  });
  return { app, logged };
}

const headOf = (dir: string) => readAuditHead(dir, readFileSync(join(dir, AUDIT_KEY_FILE), 'utf8').trim());

/** The newest audit row of a database file, read on a connection of its own. */
function newestRow(dir: string): { id: number; chain: string; count: number } {
  const sqlite = new Database(join(dir, 'expediente.db'), { readonly: true });
  try {
    const newest = sqlite.prepare('select id, chain from audit_events order by id desc limit 1').get() as { id: number; chain: string };
    return { ...newest, count: sqlite.prepare('select count(*) from audit_events').pluck().get() as number };
  } finally {
    sqlite.close();
  }
}

/** A DATA_DIR whose server registered an account and closed, leaving its head behind. */
async function usedDataDir(): Promise<string> {
  const dir = newDataDir();
  const { app } = await serverOn(dir);
  await register(app, { type: 'patient' });
  await app.close();
  return dir;
}

describe('the sealed head the server writes', () => {
  it('is written at close, after the last request and before the database closes', async () => {
    const dir = newDataDir();
    const { app } = await serverOn(dir);
    // A fresh database has no sealed row at start: no head yet.
    expect(headOf(dir)).toBeNull();
    await register(app, { type: 'patient' });
    await app.close();
    const newest = newestRow(dir);
    expect(headOf(dir)).toMatchObject({ lastId: newest.id, chain: newest.chain, count: newest.count });
  });

  it('is written at start, so a server that is later killed still leaves one', async () => {
    const dir = await usedDataDir();
    rmSync(join(dir, AUDIT_HEAD_FILE));
    const { app } = await serverOn(dir);
    try {
      expect(headOf(dir)?.lastId).toBe(newestRow(dir).id);
    } finally {
      await app.close();
    }
  });

  it('is written again on its interval while the server runs', async () => {
    const dir = newDataDir();
    const { app } = await serverOn(dir, { auditHeadIntervalMs: 20 });
    try {
      await register(app, { type: 'patient' });
      const newest = (await rawGet<{ value: number }>(app.deps.db, 'select max(id) as value from audit_events'))!.value;
      await vi.waitFor(() => expect(headOf(dir)?.lastId).toBe(newest), { timeout: 2_000, interval: 20 });
    } finally {
      await app.close();
    }
  });

  it('is left as it is, and the server logs why, when the database no longer holds it', async () => {
    const dir = await usedDataDir();
    const sealed = readFileSync(join(dir, AUDIT_HEAD_FILE), 'utf8');
    tamper(join(dir, 'expediente.db'), deleteNewestRows(2));
    const { app, logged } = await serverOn(dir);
    expect((await registerRequest(app)).statusCode).toBe(201);
    await app.close();
    expect(readFileSync(join(dir, AUDIT_HEAD_FILE), 'utf8')).toBe(sealed);
    expect(logged.join('')).toContain('the audit trail no longer holds its sealed head');
  });

  it('does not stop the server when it cannot be written', async () => {
    const dir = newDataDir();
    mkdirSync(join(dir, AUDIT_HEAD_FILE));
    const { app, logged } = await serverOn(dir);
    expect((await registerRequest(app)).statusCode).toBe(201);
    await app.close();
    expect(logged.join('')).toContain('the sealed audit head could not be written');
  });
});

describe('the sealed head of a large trail', () => {
  const key = 'k'.repeat(64);
  /** DATA_DIR's database opened as the server opens it: its writer, and how to close the whole of it. */
  function writerOf(dir: string) {
    const db = openDatabase(join(dir, 'expediente.db'));
    return { sqlite: sqliteEngineOf(db).writer, close: () => engineOf(db).close() };
  }
  /** A database file with 20 sealed events and its head on disk, and the writer's own connection to it. */
  function trailWithHead() {
    const dir = newDataDir();
    const { sqlite, close } = writerOf(dir);
    registerAuditChain(sqlite, key);
    insertAuditEvents(sqlite, Array.from({ length: 20 }, (_, i) => ({ action: 'agenda.read', detail: `event ${i}` })));
    writeAuditHead(dir, signAuditHead(computeAuditHead(sqlite)!, key));
    return { dir, sqlite, close };
  }
  function writerOn(dir: string, sqlite: Database.Database) {
    const logged: string[] = [];
    const log = { error: (_: unknown, message: string) => logged.push(message) } as unknown as FastifyBaseLogger;
    // Every file counts as large: the whole-trail check runs in a worker, as on a decade's database.
    return { writer: createAuditHeadWriter({ sqlite, dataDir: dir, key, log, backgroundAboveBytes: 0 }), logged };
  }
  const head = (dir: string) => readAuditHead(dir, key);

  it('checks the head on disk in a worker: start() returns at once, and the next head follows', async () => {
    const { dir, sqlite, close } = trailWithHead();
    insertAuditEvents(sqlite, [{ action: 'agenda.read' }, { action: 'agenda.read' }]);
    const { writer, logged } = writerOn(dir, sqlite);
    writer.start();
    // The worker has not answered yet: the head on disk is still the one found.
    expect(head(dir)?.lastId).toBe(20);
    await vi.waitFor(() => expect(head(dir)).toMatchObject({ lastId: 22, count: 22 }), { timeout: 5_000, interval: 20 });
    await writer.stop();
    await close();
    expect(logged).toEqual([]);
  });

  it('still finds rows cut while the server was down, and leaves the head as it was', async () => {
    const { dir, close } = trailWithHead();
    const sealed = readFileSync(join(dir, AUDIT_HEAD_FILE), 'utf8');
    await close();
    tamper(join(dir, 'expediente.db'), 'delete from audit_events where id = 7');
    const { sqlite: reopened, close: closeReopened } = writerOf(dir);
    registerAuditChain(reopened, key);
    const { writer, logged } = writerOn(dir, reopened);
    writer.start();
    await writer.stop();
    await closeReopened();
    expect(readFileSync(join(dir, AUDIT_HEAD_FILE), 'utf8')).toBe(sealed);
    expect(logged).toContain('the audit trail no longer holds its sealed head; the head was left as it was (run npm run audit:verify)');
  });

  it('moves forward from the head it trusts, counting only the rows since: a row cut meanwhile shows against the head it writes', async () => {
    const { dir, sqlite, close } = trailWithHead();
    const found = head(dir)!.writtenAt;
    const { writer } = writerOn(dir, sqlite);
    writer.start();
    // Written once the worker found the trail holding the head on disk: from then on it is trusted.
    await vi.waitFor(() => expect(head(dir)?.writtenAt).not.toBe(found), { timeout: 5_000, interval: 20 });
    tamper(join(dir, 'expediente.db'), 'delete from audit_events where id = 3');
    insertAuditEvents(sqlite, [{ action: 'agenda.read' }]);
    await writer.stop();
    expect(head(dir)).toMatchObject({ lastId: 21, count: 21 });
    expect(headProblem(sqlite, head(dir)!)).toMatchObject({ kind: 'cut' });
    await close();
  });
});
