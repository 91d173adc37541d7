// One read of the server's database in a worker thread, for reads that walk a whole large table or
// file (quick_check at start, the audit head's count): the server goes on serving meanwhile.
// A worker is plain JavaScript evaluated from this string: the server is bundled into one file at
// build time, so there is no separate worker module to point at. It opens its own read-only
// connection: better-sqlite3 connections cannot cross threads.
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { databaseKeyPragmas } from '../encryption/unlocked-practices';
import { runtimePaths } from '../packaged/runtime-paths';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let answer;
try {
  const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  for (const pragma of workerData.key || []) db.pragma(pragma);
  try {
    answer = { rows: db.prepare(workerData.sql).raw().all(...workerData.params) };
  } finally {
    db.close();
  }
} catch (error) {
  answer = { error: { message: String(error && error.message), code: error && error.code } };
}
parentPort.postMessage(answer);
`;

type WorkerAnswer = { rows: unknown[][] } | { error: { message: string; code: unknown } };

export interface WorkerRead {
  /** The statement's rows, each an array of its columns; undefined when stopped before it answered. */
  rows: Promise<unknown[][] | undefined>;
  stop: () => void;
  /** From now on the read keeps the process alive: for a caller that awaits it while closing. */
  hold: () => void;
}

/**
 * Runs `sql` with `params` on a read-only connection of its own to `sqlite`'s file. Rejects with
 * the SQLite error (its code kept) when the read fails.
 */
export function readInWorker(sqlite: Database.Database, sql: string, params: unknown[] = []): WorkerRead {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path: sqlite.name, key: databaseKeyPragmas(sqlite.name), sql, params, driver: runtimePaths.sqliteDriver ?? createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  // A read still running never keeps the process from exiting.
  worker.unref();
  let stopped = false;
  const rows = new Promise<unknown[][] | undefined>((resolve, reject) => {
    worker.once('message', (answer: WorkerAnswer) => {
      if ('rows' in answer) resolve(answer.rows);
      else reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (stopped ? resolve(undefined) : reject(new Error(`the worker stopped before answering (exit ${code})`))));
  });
  return {
    rows,
    stop: () => {
      stopped = true;
      void worker.terminate();
    },
    hold: () => worker.ref(),
  };
}
