// GET /api/health: whether this server can do its work — the database takes a real write and is
// sound, the documents directory takes a file — for a monitor or a practice's uptime check. It says
// which failed and how, and nothing more: no paths, no error texts (it answers without authentication).
// Taking a write lock and letting it go (what an earlier release did) succeeds on a full disk; so
// each check commits a small write and writes a small file, which fail exactly as a save would.
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { SqliteEngine } from './db/engine';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { accessSync, constants, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDamaged, noteDatabaseError } from './db/integrity';
import { release } from './release';
import { storageFailureOf } from './storage-failure';
import type { StorageRoom } from './storage-room';

export type DatabaseState = 'writable' | 'full' | 'read-only' | 'damaged' | 'unavailable';
export type DocumentsState = 'present' | 'missing' | 'full';

/**
 * `release`: which program answers (release.ts), so a practice sees which one it runs after an upgrade.
 * `storage`: DATA_DIR's free space, "low" below one upload's worth (storage-room.ts).
 */
export type HealthBody =
  | { status: 'ok'; database: 'writable'; documents: 'present'; storage: StorageRoom & { status: 'ok' }; release: string }
  | { status: 'unavailable'; database: DatabaseState; documents: DocumentsState; storage: StorageRoom; release: string };

/**
 * A file system with less room than this is full: a write may still squeeze into space SQLite's WAL
 * already holds, but no document and hardly any record fits.
 */
const MIN_FREE_BYTES = 64 * 1024;

/** The blob store's prefix for temporary files, so a probe file left by a crash is swept at start. */
const PROBE_FILE_PREFIX = '.tmp-health-';

function roomLeft(dir: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= MIN_FREE_BYTES;
  } catch {
    // A file system that cannot say how full it is: the real write decides.
    return true;
  }
}

export interface DatabaseProbe {
  sqlite: Database.Database;
  log?: FastifyBaseLogger;
  /** Commits one small write that needs a fresh page of the database (see schema/health.ts). */
  write: (at: string) => void;
  /** Whether a transaction holds (or waits for) the writer now: one that awaits between its statements. */
  writing: () => boolean;
}

/**
 * The probe of the SQLite writer `sqlite`. `writing` says when a transaction of the server holds it
 * (the engine's lock, engine.ts): the probe then does not write into that transaction.
 */
export function databaseProbe(sqlite: Database.Database, log?: FastifyBaseLogger, writing: () => boolean = () => false): DatabaseProbe {
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  const insert = sqlite.prepare('insert into health_probe (checked_at, ballast) values (?, zeroblob(?))');
  const prune = sqlite.prepare('delete from health_probe where id < ?');
  // The new row is written before the old one goes, so its page cannot be the one the old row frees.
  const write = sqlite.transaction((at: string) => prune.run(insert.run(at, pageSize).lastInsertRowid));
  return { sqlite, log, write: (at) => write.immediate(at), writing };
}

function databaseState({ sqlite, log, write, writing }: DatabaseProbe): DatabaseState {
  if (!sqlite.open) return 'unavailable';
  if (isDamaged(sqlite)) return 'damaged';
  if (sqlite.readonly) return 'read-only';
  // Another write of this connection is under way (a transaction across an await): it is writing.
  // Otherwise nothing can begin one before the probe's own write has committed (it runs synchronously).
  if (writing() || sqlite.inTransaction) return 'writable';
  try {
    write(new Date().toISOString());
  } catch (error) {
    noteDatabaseError(sqlite, error, log);
    // Anything else (a lock held too long, a closed file) is unavailable, unnamed.
    return storageFailureOf(error) ?? 'unavailable';
  }
  const inMemory = sqlite.name === ':memory:' || sqlite.name === '';
  return inMemory || roomLeft(dirname(sqlite.name)) ? 'writable' : 'full';
}

function documentsState(dir: string): DocumentsState {
  try {
    // Present and writable: an upload must be able to land in it.
    accessSync(dir, constants.W_OK | constants.X_OK);
    if (!statSync(dir).isDirectory()) return 'missing';
  } catch {
    return 'missing';
  }
  const probe = join(dir, `${PROBE_FILE_PREFIX}${randomBytes(8).toString('hex')}`);
  try {
    writeFileSync(probe, 'health', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    return storageFailureOf(error) === 'full' ? 'full' : 'missing';
  } finally {
    rmSync(probe, { force: true });
  }
  return roomLeft(dir) ? 'present' : 'full';
}

/**
 * Low storage makes the whole answer "unavailable" (503), though records are still read and written:
 * uploads are then refused (507), and most uptime checks watch the status code alone, so a 200 would
 * hide that until a doctor met the refusal. The body says what is wrong (database "writable",
 * storage "low"), so a monitor that reads it can tell this from a server that cannot work at all.
 */
export function checkHealth(probe: DatabaseProbe, documentsDir: string, room: () => StorageRoom): HealthBody {
  const database = databaseState(probe);
  const documents = documentsState(documentsDir);
  const storage = room();
  return database === 'writable' && documents === 'present' && storage.status === 'ok'
    ? { status: 'ok', database, documents, storage: { ...storage, status: 'ok' }, release: release() }
    : { status: 'unavailable', database, documents, storage, release: release() };
}

export function registerHealth(app: FastifyInstance, engine: SqliteEngine, documentsDir: string, room: () => StorageRoom): void {
  const probe = databaseProbe(engine.writer, app.log, () => engine.lock.held);
  app.get('/api/health', async (_request, reply) => {
    const body = checkHealth(probe, documentsDir, room);
    return reply.code(body.status === 'ok' ? 200 : 503).send(body);
  });
}
