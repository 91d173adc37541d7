// The snapshot of an encrypted practice's database, made without a plaintext byte on the disk.
// SQLite's backup API cannot serve here: better-sqlite3 opens its destination itself, with no key,
// so the copy would be plaintext. VACUUM INTO, run on a connection that holds the practice's key,
// writes a consistent copy (its own read transaction, so the server goes on writing) encrypted
// under that same key; the copy is then rekeyed, in place, to the archive's one-time key, so the
// archive never carries the practice's database key. Both steps rewrite the whole file, so they run
// in a worker thread and an in-process server keeps answering (read-in-worker.ts's reasons).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { keyStatement } from '../encryption/database-cipher';
import { runtimePaths } from '../packaged/runtime-paths';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let answer = { ok: true };
try {
  const live = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    for (const pragma of workerData.sourceKey) live.pragma(pragma);
    live.pragma('busy_timeout = 5000');
    live.prepare('VACUUM INTO ?').run(workerData.target);
  } finally {
    live.close();
  }
  const copy = new Database(workerData.target, { fileMustExist: true });
  try {
    for (const pragma of workerData.sourceKey) copy.pragma(pragma);
    copy.pragma('journal_mode = DELETE');
    // A staging copy: a crash leaves it to be swept, never to be trusted, so no flush is owed.
    copy.pragma('synchronous = OFF');
    copy.pragma(workerData.rekey);
  } finally {
    copy.close();
  }
} catch (error) {
  answer = { error: { message: String(error && error.message), code: error && error.code } };
}
parentPort.postMessage(answer);
`;

type WorkerAnswer = { ok: true } | { error: { message: string; code: unknown } };

/**
 * Copies the database at `source`, opened with `sourceKey` (the cipher and key pragmas of its
 * DATA_DIR), into the new file `target`, encrypted under `snapshotKey`.
 */
export function copyEncryptedSnapshot(source: string, sourceKey: readonly string[], target: string, snapshotKey: Buffer): Promise<void> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      source,
      sourceKey,
      target,
      rekey: keyStatement('rekey', snapshotKey),
      driver: runtimePaths.sqliteDriver ?? createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: WorkerAnswer) => {
      if ('ok' in answer) resolve();
      else reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the snapshot's worker stopped before answering (exit ${code})`)));
  });
}
