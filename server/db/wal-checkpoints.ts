// The WAL copied back into the database file by a worker thread, not by whichever request's commit
// crosses SQLite's threshold. Every audited read appends a few pages to the WAL, so on
// a busy server the automatic checkpoint ran several times a second, inside a request, on the one
// thread that serves everything: copying the pages and syncing the database file took 1–9 ms each
// time, which every request queued behind it waited for (the p99 of the decade's reads).
// Here a worker with its own connection runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS: it
// never waits for readers or writers and never blocks them. The automatic checkpoint stays as a
// safety net at a WAL size the worker never lets it reach while it runs.
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { databaseKeyPragmas } from '../encryption/unlocked-practices';
import { runtimePaths } from '../packaged/runtime-paths';

const CHECKPOINT_EVERY_MS = 200;
/** Pages (4 KiB) of WAL after which a commit checkpoints itself: only if the worker has stopped. */
const SAFETY_NET_PAGES = 20_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
for (const pragma of workerData.key || []) db.pragma(pragma);
db.pragma('synchronous = FULL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.run();
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpoints {
  /** Stops the worker and closes its connection (before the server's own connection closes). */
  stop: () => Promise<void>;
}

/** Checkpoints `sqlite`'s WAL from a worker thread from now on; a database in memory has none. */
export function checkpointInWorker(sqlite: Database.Database, onFailure: (message: string) => void): WalCheckpoints {
  if (sqlite.memory) return { stop: async () => {} };
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      path: sqlite.name,
      key: databaseKeyPragmas(sqlite.name),
      everyMs: CHECKPOINT_EVERY_MS,
      driver: runtimePaths.sqliteDriver ?? createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  // The server's exit is never held up by it.
  worker.unref();
  let running = true;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) onFailure(message.failed);
  });
  worker.on('error', (error) => {
    running = false;
    // Without the worker, commits checkpoint themselves again, as SQLite does by default.
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    onFailure(error.message);
  });
  return {
    stop: async () => {
      // Awaited at close, so the wait must hold the process: an unref'd worker is no handle to Node,
      // and with nothing else left (a script such as npm run demo closing its app) Node would exit
      // here with this promise unsettled, skipping the hooks after it (the database's close, the
      // DATA_DIR lock's release) and whatever the caller meant to do after close.
      worker.ref();
      if (running) worker.postMessage('stop');
      running = false;
      await exited;
    },
  };
}
