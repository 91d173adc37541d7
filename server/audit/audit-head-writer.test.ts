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
import { AUDIT_HEAD_FILE, readAuditHead } from './audit-head';
import { AUDIT_KEY_FILE } from './audit-key';
import { deleteNewestRows, tamper } from './audit-tamper.fixture';

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
      const newest = app.deps.db.$client.prepare('select max(id) from audit_events').pluck().get() as number;
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
