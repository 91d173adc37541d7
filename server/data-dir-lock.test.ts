// One server per DATA_DIR: a second start on a directory in use stops at once and says who holds
// it, while the first goes on serving; the lock goes with the server that held it, whether it
// closed or was killed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, isDataDirInUse, LOCK_DIR, lockDataDir, OWNER_FILE, runningServer } from './data-dir-lock';
import { startServer, stopAllServers, stopServer } from './server-process.fixture';

const root = mkdtempSync(join(tmpdir(), 'expediente-lock-'));
let count = 0;
const freshDataDir = () => mkdtempSync(join(root, `data-${++count}-`));
afterEach(stopAllServers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const health = async (url: string) => (await fetch(`${url}/api/health`)).status;

describe('one server per DATA_DIR', () => {
  it('refuses a second server on the same directory with exit 1, naming the directory and the running server, while the first keeps serving', async () => {
    const dataDir = freshDataDir();
    const first = await startServer(dataDir);
    if (first.kind !== 'listening') throw new Error(`the first server did not start: ${first.stderr}`);

    const second = await startServer(dataDir);
    expect(second.kind).toBe('exited');
    if (second.kind !== 'exited') return;
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Another Expediente server is running on DATA_DIR ${dataDir}`);
    expect(second.stderr).toContain(`pid ${first.server.pid}`);
    expect(second.stderr).toContain(`at ${first.url}`);

    expect(await health(first.url)).toBe(200);
    expect(runningServer(dataDir)).toContain(`pid ${first.server.pid}`);
  });

  it('lets the next server start once the first has stopped on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const first = await startServer(dataDir);
    if (first.kind !== 'listening') throw new Error(`the first server did not start: ${first.stderr}`);
    expect(await stopServer(first.server, 'SIGTERM')).toBe(0);
    expect(isDataDirInUse(dataDir)).toBe(false);

    const next = await startServer(dataDir);
    expect(next.kind).toBe('listening');
    if (next.kind === 'listening') expect(await health(next.url)).toBe(200);
  });

  it('lets a restart take the lock at once after the first server was killed with SIGKILL', async () => {
    const dataDir = freshDataDir();
    const first = await startServer(dataDir);
    if (first.kind !== 'listening') throw new Error(`the first server did not start: ${first.stderr}`);
    await stopServer(first.server, 'SIGKILL');
    // The killed server could not remove its lock; its owner is a process that is gone.
    expect(isDataDirInUse(dataDir)).toBe(false);

    const startedAt = Date.now();
    const restart = await startServer(dataDir);
    expect(restart.kind).toBe('listening');
    // Without asking whether the owner lives, the restart would wait out the stale period (30 s).
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  });

  it('treats a fresh lock with no recorded owner as a server still starting, and refuses to share it', async () => {
    const dataDir = freshDataDir();
    mkdirSync(join(dataDir, LOCK_DIR));
    // An owner file from an earlier lock (another inode) says nothing about this one.
    writeFileSync(join(dataDir, OWNER_FILE), JSON.stringify({ pid: 999_999_999, host: hostname(), since: '2020-01-01T00:00:00.000Z', lockIno: 1 }));
    expect(runningServer(dataDir)).toMatch(/has not recorded itself yet: it may be starting/);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`Another Expediente server is running on DATA_DIR ${dataDir}`);
  });

  it('refuses a second lock in the same process, and gives the directory back on release', async () => {
    const dataDir = freshDataDir();
    const lock = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
    expect(isDataDirInUse(dataDir)).toBe(true);
    await lock.release();
    expect(isDataDirInUse(dataDir)).toBe(false);
    await (await lockDataDir(dataDir)).release();
  });
});
