// The server keeps DATA_DIR/audit-head current (audit-head.ts): at start, every few minutes, and at
// close. Rows written since the last head can still be cut unnoticed, so the interval bounds what
// an attacker can take away. A head is only ever moved forward: when the database no longer holds
// the head on disk (rows cut while the server was down) or the head fails its signature, overwriting
// it would erase the evidence, so it is left as it is and the failure is logged on every attempt
// until someone looks (npm run audit:verify; deleting the file lets a new head be written).
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { AuditHeadError, computeAuditHead, headProblem, readAuditHead, signAuditHead, writeAuditHead } from './audit-head';

export const AUDIT_HEAD_INTERVAL_MS = 5 * 60_000;

export interface AuditHeadWriterOptions {
  sqlite: Database.Database;
  dataDir: string;
  key: string;
  log: FastifyBaseLogger;
  /** Tests only: how often the head is written instead of every five minutes. */
  intervalMs?: number;
}

export interface AuditHeadWriter {
  /** Writes the head now and arms the timer, which never keeps the process alive. */
  start(): void;
  /** Disarms the timer and writes a last head: call it before the database closes. */
  stop(): void;
}

export function createAuditHeadWriter(options: AuditHeadWriterOptions): AuditHeadWriter {
  const { sqlite, dataDir, key, log } = options;
  let timer: NodeJS.Timeout | null = null;

  /** Never throws: a head that cannot be written must not take the server down with it. */
  function writeNow(): void {
    try {
      const previous = readAuditHead(dataDir, key);
      const problem = previous && headProblem(sqlite, previous);
      if (problem) {
        log.error({ problem: problem.message }, 'the audit trail no longer holds its sealed head; the head was left as it was (run npm run audit:verify)');
        return;
      }
      // Audited reads commit without flushing the WAL (record-audit.ts); a checkpoint flushes it, so a
      // power cut cannot take back rows the head names and make an honest trail look cut.
      sqlite.pragma('wal_checkpoint(PASSIVE)');
      const head = computeAuditHead(sqlite);
      if (head) writeAuditHead(dataDir, signAuditHead(head, key));
    } catch (error) {
      if (error instanceof AuditHeadError) {
        log.error({ err: error }, 'DATA_DIR/audit-head fails its check; it was left as it was (run npm run audit:verify)');
      } else {
        log.error({ err: error }, 'the sealed audit head could not be written');
      }
    }
  }

  return {
    start() {
      writeNow();
      timer = setInterval(writeNow, options.intervalMs ?? AUDIT_HEAD_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      writeNow();
    },
  };
}
