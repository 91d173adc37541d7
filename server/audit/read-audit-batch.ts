// The audit events of reads, committed together. A read made its own transaction for its one audit
// row: every audited read took the writer's turn (SQLite) or the trail's advisory lock (PostgreSQL)
// for a commit of its own, and the reads themselves queued behind it. Here a read runs outside any
// transaction (on SQLite's reader, or any of PostgreSQL's pooled connections) and collects the events
// it records; the reads that end in one turn of the event loop commit theirs in one transaction,
// started once the batch before has committed (a group commit).
//
// What a read promises is unchanged: no answer leaves before its audit event is committed, since the
// read resolves only then; a batch that fails (no room on the disk) fails every read waiting on it with
// its error instead of answering what was read; a read that throws commits nothing. Changes are not
// batched: their events commit with them (services/audited-change.ts), a refusal's at once.
import { contextSlot } from '../db/async-context';
import { engineOf, type Db, type Engine } from '../db/engine';
import { inTransaction, insideTransaction } from '../db/in-transaction';

/** One audit event as its engine's insert takes it (record-audit.ts). */
export type PendingAuditEvent = object;

/** Commits a batch's events, in order, in one transaction of the durability a read's events need. */
export type AuditBatchWriter = (events: PendingAuditEvent[]) => Promise<void>;

interface Collecting {
  engine: Engine;
  events: PendingAuditEvent[];
}

const collecting = contextSlot<Collecting>('collecting audited read');

interface Batch {
  events: PendingAuditEvent[];
  committed: Promise<void>;
}

class ReadAuditBatcher {
  private open: Batch | null = null;
  /** The last batch's commit, settled or not: the next one starts after it. */
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly write: AuditBatchWriter) {}

  add(events: PendingAuditEvent[]): Promise<void> {
    if (!this.open) this.open = this.startBatch();
    this.open.events.push(...events);
    return this.open.committed;
  }

  /** Resolves once every batch started so far has committed or failed. */
  settled(): Promise<void> {
    return this.tail;
  }

  private startBatch(): Batch {
    const batch: Batch = { events: [], committed: Promise.resolve() };
    const previous = this.tail;
    batch.committed = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => previous)
      .then(() => {
        // Closed from here: events of reads ending while it commits go into the next batch.
        if (this.open === batch) this.open = null;
        return this.write(batch.events);
      });
    this.tail = batch.committed.catch(() => undefined);
    return batch;
  }
}

const batchers = new WeakMap<Engine, ReadAuditBatcher>();

/** From now on, the audited reads on `db` commit their events in batches through `write`. */
export function batchReadAudits(db: Db, write: AuditBatchWriter): void {
  batchers.set(engineOf(db), new ReadAuditBatcher(write));
}

/** Resolves once the read audits under way on `db` have committed (before the database closes). */
export function readAuditsSettled(db: Db): Promise<void> {
  return batchers.get(engineOf(db))?.settled() ?? Promise.resolve();
}

/**
 * Runs `read` and resolves with what it read once the audit events it recorded have committed.
 * Inside a transaction, or inside another audited read, the read simply joins it.
 */
export async function readCollectingAudits<T>(db: Db, read: (db: Db) => Promise<T> | T): Promise<T> {
  const engine = engineOf(db);
  const batcher = batchers.get(engine);
  if (insideTransaction(db) || collecting.get()?.engine === engine) return await read(db);
  // Without a batcher (a command, a test's bare database), the read and its events make one transaction.
  if (!batcher) return await inTransaction(db, read, { durability: 'process' });
  const mine: Collecting = { engine, events: [] };
  const result = await collecting.run(mine, async () => await read(db));
  if (mine.events.length > 0) await batcher.add(mine.events);
  return result;
}

/** Takes `event` into the audited read collecting on `db` now; false when none is (write it at once). */
export function deferToCollectingRead(db: Db, event: PendingAuditEvent): boolean {
  const read = collecting.get();
  // A change made inside a read (its own transaction) keeps its events with it.
  if (!read || read.engine !== engineOf(db) || insideTransaction(db)) return false;
  read.events.push(event);
  return true;
}
