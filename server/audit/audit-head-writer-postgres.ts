// The sealed head on PostgreSQL (a clinic network): every server of the network seals the one shared
// trail into its own DATA_DIR/audit-head, as a practice's server seals its file (audit-head-writer.ts),
// at start, every few minutes and at close. The head stays outside the database for the same reason
// (audit-head.ts): whoever can cut rows from the trail must not be able to move the evidence too.
// Each server checks the head in its DATA_DIR against the whole trail once, at start, and from then
// on moves it forward by the rows written since, by whichever server wrote them: a server that was
// down while the others wrote carries on from its older head. A head is never moved backwards, nor
// over a trail that no longer holds it (logged, left as it was).
// What SQLite needed and PostgreSQL does not: the writer's lock (a read here is one statement, one
// snapshot, beside the other servers' inserts), a worker for a large file's count (the database
// counts, and the server only awaits it) and the WAL checkpoint (a commit is durable on PostgreSQL).
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/engine';
import { advanceAuditHeadIn } from './audit-head-advance';
import { newestSealedRowIn, readAuditHead, readHeadFactsIn, type AuditHead } from './audit-head';
import { AUDIT_HEAD_INTERVAL_MS, headToTrust, logHeadNotWritten, sealForward, type AuditHeadWriter } from './audit-head-writer';

export interface PostgresAuditHeadWriterOptions {
  /** The clinic network's database. */
  db: DbOrTx;
  /** This server's DATA_DIR, where its own head is kept. */
  dataDir: string;
  key: string;
  log: FastifyBaseLogger;
  /** Tests only: how often the head is written instead of every five minutes. */
  intervalMs?: number;
}

export function createPostgresAuditHeadWriter(options: PostgresAuditHeadWriterOptions): AuditHeadWriter {
  const { db, dataDir, key, log } = options;
  let timer: NodeJS.Timeout | null = null;
  /** The last head this server checked against the whole trail or wrote; none until then, or when there was none to trust. */
  let trusted: AuditHead | null = null;
  /** Writes one at a time: a tick that comes while one is under way waits for it. */
  let queue: Promise<void> = Promise.resolve();

  /** The head found in DATA_DIR (or a first one) once the whole trail holds it; undefined when there is none to go on from. */
  async function headToGoOnFrom(): Promise<AuditHead | undefined> {
    const onDisk = readAuditHead(dataDir, key);
    const newest = onDisk ? { id: onDisk.lastId, chain: onDisk.chain } : await newestSealedRowIn(db);
    // No row carries a chain yet: nothing to seal.
    if (!newest) return undefined;
    return headToTrust(onDisk, newest, await readHeadFactsIn(db, newest.id), log);
  }

  /** Never throws: a head that cannot be written must not take the server down with it. */
  async function writeNow(): Promise<void> {
    try {
      // The file is read each time: one that fails its signature is evidence, left as it is.
      if (trusted) readAuditHead(dataDir, key);
      else trusted = (await headToGoOnFrom()) ?? null;
      if (!trusted) return;
      // A long run of rows (a server that was down while the others wrote) is sealed a step at a time.
      trusted = (await sealForward({ dataDir, key, log }, trusted, (head) => advanceAuditHeadIn(db, key, head))) ?? trusted;
    } catch (error) {
      logHeadNotWritten(log, error);
    }
  }

  const enqueue = () => (queue = queue.then(writeNow));

  return {
    start() {
      void enqueue();
      timer = setInterval(() => void enqueue(), options.intervalMs ?? AUDIT_HEAD_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await enqueue();
    },
  };
}
