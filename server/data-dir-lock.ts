// One server per DATA_DIR. Two servers on one directory delete each other's uploads (each start
// sweeps blobs it has no row for) and race on the same keys, so the server that opens DATA_DIR's
// database holds DATA_DIR/server.lock first: a directory made atomically by proper-lockfile, whose
// mtime it keeps fresh and which it removes on close and on exit. Beside it, server-owner.json says
// who holds it (pid, host, since when, address), for the second server's message, and for a quick
// restart after a crash: a lock whose recorded owner is a process gone from this host is taken at
// once. An owner this host cannot ask (another machine on a shared disk) is trusted until the lock
// has gone STALE_MS without being refreshed. Commands that only read beside a server (backup,
// audit:verify) take no lock; restore asks isDataDirInUse first.
import { hostname } from 'node:os';
import { readFileSync, realpathSync, rmdirSync, rmSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { writeFileAtomically } from './atomic-file';
import { practiceText } from './practice-messages/practice-text';

export const LOCK_DIR = 'server.lock';
export const OWNER_FILE = 'server-owner.json';
/** A lock not refreshed for this long is abandoned, whoever held it; proper-lockfile refreshes it every half of that. */
export const STALE_MS = 30_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** ISO moment the lock was taken. */
  since: string;
  /** Where the server listens, once it does. */
  url?: string;
  /** The lock directory's inode: an owner file left from an earlier lock is not this lock's owner. */
  lockIno: number;
}

export interface DataDirLock {
  readonly dataDir: string;
  release(): Promise<void>;
}

/** A second server on a DATA_DIR: the message names the directory and the server that holds it. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(practiceText().dataDirInUse({ dataDir, owner: describeOwner(owner) }));
    this.name = 'DataDirInUseError';
  }
}

interface HeldLock {
  owner: LockOwner;
}
/** The DATA_DIRs this process holds, by real path. */
const held = new Map<string, HeldLock>();

export interface LockDataDirOptions {
  /** Called if the lock is taken away while held (its directory removed or refreshed by someone else). */
  onLost?: (error: Error) => void;
}

/** Takes DATA_DIR's lock, or throws DataDirInUseError at once when a live server holds it. DATA_DIR must exist. */
export async function lockDataDir(dataDir: string, options: LockDataDirOptions = {}): Promise<DataDirLock> {
  const dir = realpathSync(dataDir);
  const state = inspectLock(dir);
  if (state.kind === 'held') throw new DataDirInUseError(dir, state.owner);
  if (state.kind === 'abandoned') removeAbandonedLock(dir, state.stat);

  let unlock: () => Promise<void>;
  try {
    unlock = await lock(dir, {
      lockfilePath: join(dir, LOCK_DIR),
      realpath: false,
      stale: STALE_MS,
      onCompromised: (error) => {
        held.delete(dir);
        (options.onLost ?? stopOnLostLock(dir))(error);
      },
    });
  } catch (error) {
    // Another start won the race between the look above and the lock.
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir, ownerOfCurrentLock(dir));
    throw error;
  }

  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), lockIno: statSync(join(dir, LOCK_DIR)).ino };
  held.set(dir, { owner });
  writeOwner(dir, owner);
  let released = false;
  return {
    dataDir: dir,
    async release() {
      if (released) return;
      released = true;
      if (held.get(dir)?.owner !== owner) return; // lost already: the lock is someone else's now
      held.delete(dir);
      // The owner file first: once the lock is gone, the next server writes its own.
      if (lockOwner(dir)?.lockIno === owner.lockIno) rmSync(join(dir, OWNER_FILE), { force: true });
      await unlock();
    },
  };
}

/** Adds the address a server listens at to its owner file, so that a second server's message can name it. */
export function recordServerAddress(dataDir: string, url: string): void {
  for (const [dir, entry] of held) {
    if (dir !== realPathOrSelf(dataDir)) continue;
    entry.owner.url = url;
    writeOwner(dir, entry.owner);
  }
}

/** Whether a live server holds DATA_DIR (for restore, which must not write under one). */
export function isDataDirInUse(dataDir: string): boolean {
  return runningServer(dataDir) !== undefined;
}

/** The server that holds DATA_DIR, in words ("pid 123 on host, since ..."), or undefined when none does. */
export function runningServer(dataDir: string): string | undefined {
  const dir = realPathOrSelf(dataDir);
  const state = inspectLock(dir);
  return state.kind === 'held' ? describeOwner(state.owner) : undefined;
}

/** A DATA_DIR that is gone has no lock in it either: inspectLock finds it free. */
function realPathOrSelf(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return dataDir;
  }
}

type LockState = { kind: 'free' } | { kind: 'held'; owner: LockOwner | undefined } | { kind: 'abandoned'; stat: Stats };

function inspectLock(dir: string): LockState {
  let stat: Stats;
  try {
    stat = statSync(join(dir, LOCK_DIR));
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return { kind: 'free' };
    throw error;
  }
  const owner = lockOwner(dir);
  const ownerOfThisLock = owner?.lockIno === stat.ino ? owner : undefined;
  if (ownerOfThisLock && ownerIsGone(dir, ownerOfThisLock)) return { kind: 'abandoned', stat };
  // proper-lockfile's own rule, for owners that cannot be asked and for a pid since reused by another process.
  if (stat.mtimeMs < Date.now() - STALE_MS) return { kind: 'abandoned', stat };
  return { kind: 'held', owner: ownerOfThisLock };
}

function ownerIsGone(dir: string, owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false; // another machine's processes cannot be asked from here
  // Our own pid, in a lock this process does not hold: an earlier life of it (a container restarted with pid 1 again).
  if (owner.pid === process.pid) return !held.has(dir);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes an abandoned lock, unless it changed since it was judged abandoned: a server starting at
 * the same moment may have removed it and taken a new one, which must be left alone.
 */
function removeAbandonedLock(dir: string, judged: Stats): void {
  const path = join(dir, LOCK_DIR);
  try {
    const now = statSync(path);
    if (now.ino !== judged.ino || now.mtimeMs !== judged.mtimeMs) throw new DataDirInUseError(dir, ownerOfCurrentLock(dir));
    rmdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function ownerOfCurrentLock(dir: string): LockOwner | undefined {
  const state = inspectLock(dir);
  return state.kind === 'held' ? state.owner : undefined;
}

function lockOwner(dir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.lockIno === 'number' ? (owner as LockOwner) : undefined;
  } catch {
    // Absent (the owner is still starting, or did not manage to write it) or damaged: unknown.
    return undefined;
  }
}

/**
 * Best effort: without it the lock still holds, and a restart after a crash waits STALE_MS for it.
 * Not flushed to the disk: after a power cut no server holds the lock, and an owner file lost or
 * emptied by it reads as unknown (lockOwner), whose lock the STALE_MS rule frees. The two flushes
 * of each of the two writes took 20–80 ms of a start in profiles on the decade, behind the
 * database's own writes (about 1 ms on an idle disk).
 */
function writeOwner(dir: string, owner: LockOwner): void {
  try {
    writeFileAtomically(join(dir, OWNER_FILE), `${JSON.stringify(owner)}\n`, 0o600, { durable: false });
  } catch (error) {
    console.warn(`Could not record this server in ${join(dir, OWNER_FILE)} (${(error as Error).message}); after a crash, the next start waits up to ${STALE_MS / 1000} s for the lock.`);
  }
}

function describeOwner(owner: LockOwner | undefined): string {
  if (!owner) return practiceText().lockOwnerUnknown({ seconds: STALE_MS / 1000 });
  return practiceText().lockOwner({ pid: owner.pid, host: owner.host, since: owner.since, url: owner.url });
}

/** Without its lock, a second server may start on the same DATA_DIR: this one stops, as on SIGTERM, and exits 1. */
function stopOnLostLock(dir: string) {
  return (error: Error) => {
    console.error(practiceText().lockLost({ dir, reason: error.message }));
    process.exitCode = 1;
    process.kill(process.pid, 'SIGTERM');
  };
}
