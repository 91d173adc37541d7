// The server keeps DATA_DIR/audit-head current (audit-head.ts): at start, every few minutes, and at
// close. Rows written since the last head can still be cut unnoticed, so the interval bounds what
// an attacker can take away. A head is only ever moved forward: when the database no longer holds
// the head on disk (rows cut while the server was down) or the head fails its signature, overwriting
// it would erase the evidence, so it is left as it is and the failure is logged on every attempt
// until someone looks (npm run audit:verify; deleting the file lets a new head be written).
//
// On a decade's trail, counting the rows up to a head is a walk of millions of entries. So the head
// on disk is checked against the whole trail once, at start, beside the server (a worker thread, for
// a large file: start-up does not wait for it); from then on each head is the last one moved forward
// by the rows written since (audit-head-advance.ts), which also recomputes their chain before they
// are sealed. A head written while the server runs never reads what the last one sealed.
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { statSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AsyncLock } from '../db/engine';
import { BACKGROUND_CHECK_ABOVE_BYTES } from '../db/integrity';
import { readInWorker, type WorkerRead } from '../db/read-in-worker';
import { advanceAuditHead, type HeadAdvance } from './audit-head-advance';
import {
  AuditHeadError,
  HEAD_FACTS_SQL,
  headFactsParams,
  headOf,
  judgeHead,
  newestSealedRow,
  readAuditHead,
  readHeadFacts,
  signAuditHead,
  writeAuditHead,
  type AuditHead,
  type HeadFacts,
} from './audit-head';

export const AUDIT_HEAD_INTERVAL_MS = 5 * 60_000;

export interface AuditHeadWriterOptions {
  /** The SQLite writer. */
  sqlite: Database.Database;
  /**
   * The lock the server's transactions hold the writer under (engine.ts): they await between their
   * statements, so the head's reads and checkpoint take it, and never see or land in one half done.
   */
  lock?: AsyncLock;
  dataDir: string;
  key: string;
  log: FastifyBaseLogger;
  /** Tests only: how often the head is written instead of every five minutes. */
  intervalMs?: number;
  /** Above this many bytes the database's side of the head is read in a worker; BACKGROUND_CHECK_ABOVE_BYTES unless told. */
  backgroundAboveBytes?: number;
}

export interface AuditHeadWriter {
  /** Checks the head on disk and writes the next one (later, for a large file), and arms the timer, which never keeps the process alive. */
  start(): void;
  /** Disarms the timer and writes a last head once any write under way is done: await it before the database closes. */
  stop(): Promise<void>;
}

export const NO_LONGER_HELD = 'the audit trail no longer holds its sealed head; the head was left as it was (run npm run audit:verify)';

/**
 * The head to go on from, judged on the facts read for it: DATA_DIR's when the whole trail holds
 * it, or one sealing the newest chained row when there is none. Undefined when the one on disk is
 * no longer held (logged).
 */
export function headToTrust(onDisk: AuditHead | null, newest: { id: number; chain: string }, facts: HeadFacts, log: FastifyBaseLogger): AuditHead | undefined {
  if (!onDisk) return headOf(newest, facts);
  const problem = judgeHead(onDisk, facts);
  if (!problem) return onDisk;
  log.error({ problem: problem.message }, NO_LONGER_HELD);
  return undefined;
}

/** Why a head was not written, logged: the server serves on either way. */
/**
 * Moves `head` forward a step at a time until it has caught up with the trail, then signs and writes
 * it into DATA_DIR; resolves with the head written, or undefined (logged, the file left as it was)
 * when the trail no longer holds `head`. `between` runs before every step after the first.
 */
export async function sealForward(
  at: { dataDir: string; key: string; log: FastifyBaseLogger },
  head: AuditHead,
  advance: (head: AuditHead) => HeadAdvance | Promise<HeadAdvance>,
  between: () => Promise<void> = async () => undefined,
): Promise<AuditHead | undefined> {
  for (let step = 0; ; step += 1) {
    if (step > 0) await between();
    const next = await advance(head);
    if ('problem' in next) {
      at.log.error({ problem: next.problem.message }, NO_LONGER_HELD);
      return undefined;
    }
    head = next.head;
    if (next.caughtUp) break;
  }
  writeAuditHead(at.dataDir, signAuditHead(head, at.key));
  return head;
}

export function logHeadNotWritten(log: FastifyBaseLogger, error: unknown): void {
  if (error instanceof AuditHeadError) {
    log.error({ err: error }, 'DATA_DIR/audit-head fails its check; it was left as it was (run npm run audit:verify)');
  } else {
    log.error({ err: error }, 'the sealed audit head could not be written');
  }
}

export function createAuditHeadWriter(options: AuditHeadWriterOptions): AuditHeadWriter {
  const { sqlite, dataDir, key, log } = options;
  let timer: NodeJS.Timeout | null = null;
  /** The last head this server checked against the whole trail or wrote; none until then, or when there was none to trust. */
  let trusted: AuditHead | null = null;
  /** Writes one at a time: a tick that comes while the start check runs waits for it. */
  let queue: Promise<void> = Promise.resolve();
  /**
   * The worker read under way, if any. A worker never keeps the process alive (read-in-worker.ts),
   * but once stop() awaits one it must: else Node exits mid-close with the database left open.
   */
  let reading: WorkerRead | null = null;
  let stopping = false;

  /** Whether a transaction holds the writer now (or waits for it): it awaits between its statements. */
  const writerTaken = () => options.lock?.held ?? false;
  /**
   * Resolves once the transactions holding or awaiting the writer are done. The head's reads and
   * checkpoint run right after, synchronously, so that none can begin meanwhile; when none holds it
   * nothing is awaited (at start a small file's head is then written before start() returns).
   */
  const writerFree = async () => (await options.lock!.acquire())();

  const inBackground = () => {
    if (sqlite.name === ':memory:' || sqlite.name === '') return false;
    try {
      return statSync(sqlite.name).size > (options.backgroundAboveBytes ?? BACKGROUND_CHECK_ABOVE_BYTES);
    } catch {
      return false;
    }
  };

  /** The facts of a head at `lastId`, from a worker: the count walks an index of every row. */
  async function factsInWorker(lastId: number): Promise<HeadFacts> {
    reading = readInWorker(sqlite, HEAD_FACTS_SQL, headFactsParams(lastId));
    if (stopping) reading.hold();
    const rows = await reading.rows.finally(() => (reading = null));
    const [countUpToLast, firstSealedId, lastRowExists, lastRowChain] = rows![0] as [number, number | null, number, string | null];
    return { countUpToLast, firstSealedId, lastRowExists, lastRowChain };
  }

  /** Never throws: a head that cannot be written must not take the server down with it. */
  async function writeNow(): Promise<void> {
    try {
      if (trusted) {
        // The file is still read each time: one that fails its signature is evidence, left as it is.
        readAuditHead(dataDir, key);
      } else {
        const onDisk = readAuditHead(dataDir, key);
        if (writerTaken()) await writerFree();
        const newest = onDisk ? { id: onDisk.lastId, chain: onDisk.chain } : newestSealedRow(sqlite);
        // No row carries a chain yet: nothing to seal.
        if (!newest) return;
        // A small file is judged here, so that its head is written before start() returns; a large
        // one's facts come from a worker while the server serves.
        const facts = inBackground() ? await factsInWorker(newest.id) : readHeadFacts(sqlite, newest.id);
        const found = headToTrust(onDisk, newest, facts, log);
        if (!found) return;
        trusted = found;
      }
      // Audited reads commit without flushing the WAL (record-audit.ts); a checkpoint flushes it, so a
      // power cut cannot take back rows the head names and make an honest trail look cut.
      if (writerTaken()) await writerFree();
      sqlite.pragma('wal_checkpoint(PASSIVE)');
      // Between steps the server serves: a long run of rows (after a crash) is sealed a step at a time.
      const between = async () => {
        await nextTurn();
        if (writerTaken()) await writerFree();
      };
      trusted = (await sealForward({ dataDir, key, log }, trusted, (head) => advanceAuditHead(sqlite, key, head), between)) ?? trusted;
    } catch (error) {
      logHeadNotWritten(log, error);
    }
  }

  const enqueue = () => (queue = queue.then(writeNow));

  return {
    start() {
      queue = writeNow();
      timer = setInterval(() => void enqueue(), options.intervalMs ?? AUDIT_HEAD_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping = true;
      reading?.hold();
      await enqueue();
    },
  };
}
