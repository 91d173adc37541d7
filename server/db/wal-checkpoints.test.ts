// The WAL is copied back into the database file by a worker thread (wal-checkpoints.ts), so that no
// request's commit pays for a checkpoint on the thread that serves everyone.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { checkpointInWorker } from './wal-checkpoints';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function walDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-wal-'));
  dirs.push(dir);
  const sqlite = new Database(join(dir, 'test.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table t (id integer primary key, text text)');
  return { sqlite, path: join(dir, 'test.db') };
}

it('copies the commits of the server connection back into the database file without any commit doing it', async () => {
  const { sqlite, path } = walDatabase();
  const failures: string[] = [];
  const checkpoints = checkpointInWorker(sqlite, (message) => failures.push(message));
  expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(20_000);
  const insert = sqlite.prepare('insert into t (text) values (?)');
  // About 1,500 pages of WAL: past SQLite's usual threshold (1,000), below the safety net, so the
  // database file grows only if the worker copies them (checking with a checkpoint would copy them).
  for (let row = 0; row < 1_500; row += 1) insert.run('x'.repeat(3_000));
  const deadline = Date.now() + 5_000;
  while (statSync(path).size < 4_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(statSync(path).size).toBeGreaterThan(4_000_000);
  await checkpoints.stop();
  expect(failures).toEqual([]);
  sqlite.close();
});

it('closes its connection when stopped, so the server closing last removes the WAL', async () => {
  const { sqlite, path } = walDatabase();
  const checkpoints = checkpointInWorker(sqlite, () => {});
  sqlite.prepare('insert into t (text) values (?)').run('a row');
  await checkpoints.stop();
  sqlite.close();
  expect(existsSync(`${path}-wal`)).toBe(false);
});

it('does nothing for a database in memory, which has no WAL', async () => {
  const sqlite = new Database(':memory:');
  const checkpoints = checkpointInWorker(sqlite, () => {});
  await checkpoints.stop();
  expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  sqlite.close();
});

it('holds the process until it has stopped, so a script that awaits stop() goes on after it', () => {
  // The worker never keeps a running server alive, but a stop() awaited with nothing else left (a
  // script closing its app) once let Node exit at once, the promise unsettled and the rest lost.
  const { sqlite, path } = walDatabase();
  sqlite.close();
  // .mts: outside the repository nothing says it is a module, and it awaits at its top level.
  const script = join(dirname(path), 'stop.mts');
  writeFileSync(
    script,
    [
      `import Database from ${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))};`,
      `import { checkpointInWorker } from ${JSON.stringify(fileURLToPath(new URL('./wal-checkpoints.ts', import.meta.url)))};`,
      `const sqlite = new Database(${JSON.stringify(path)});`,
      `await checkpointInWorker(sqlite, () => {}).stop();`,
      `sqlite.close();`,
      `console.log('stopped');`,
    ].join('\n'),
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 15_000 });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('stopped\n');
  expect(run.status).toBe(0);
});
