// Whether the database file is sound: SQLite's quick_check at start (in a worker thread for a large
// file, so start-up stays fast), and any SQLITE_CORRUPT a request meets later. A damaged database
// still starts — records it does not touch can be read — but GET /api/health says "damaged", the
// log names the problem, and backup refuses it (checkIntegrity is theirs too).
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { statSync } from 'node:fs';
import { storageFailureOf } from '../storage-failure';
import { openSqlite } from './open-sqlite';
import { readInWorker } from './read-in-worker';

export type IntegrityResult = { ok: true } | { ok: false; problems: string[] };

/** quick_check names at most this many problems: enough to say what is wrong, never a flood. */
const MAX_PROBLEMS = 20;

/** quick_check reads the whole file: above this size it runs beside the server, not before it serves. */
export const BACKGROUND_CHECK_ABOVE_BYTES = 64 * 1024 * 1024;

const QUICK_CHECK = `pragma quick_check(${MAX_PROBLEMS})`;

/** "Tree 2 page 25 cell 74: ..." names the b-tree by its root page; the schema says whose it is. */
function treeNames(sqlite: Database.Database | undefined): Map<number, string> {
  try {
    const rows = sqlite?.prepare("select rootpage, name from sqlite_schema where rootpage > 0").raw().all() as [number, string][] | undefined;
    return new Map(rows ?? []);
  } catch {
    // The schema's own page may be what is damaged: the numbers alone then.
    return new Map();
  }
}

/**
 * quick_check answers one row "ok", or rows of problems (several to a row, a line each); a file too
 * damaged to read throws instead. The problems come one a line, each tree named where it can be.
 */
function resultOf(rows: unknown[], sqlite?: Database.Database): IntegrityResult {
  if (rows.length === 1 && rows[0] === 'ok') return { ok: true };
  const names = treeNames(sqlite);
  const problems = rows
    .flatMap((row) => String(row).split('\n'))
    .filter((line) => line && !line.startsWith('***'))
    .map((line) => line.replace(/^Tree (\d+)/, (tree, root: string) => (names.has(Number(root)) ? `${tree} (${names.get(Number(root))})` : tree)));
  return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
}

function resultOfFailure(error: unknown): IntegrityResult {
  if (storageFailureOf(error) !== 'damaged') throw error;
  return { ok: false, problems: [(error as Error).message] };
}

/**
 * quick_check of an open connection, or of the database file at `target` (opened read-only, so a
 * running server's database can be checked beside it). Throws when the file cannot be opened or
 * read for another reason than damage.
 */
export function checkIntegrity(target: string | Database.Database): IntegrityResult {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = typeof target === 'string' ? openSqlite(target, { readonly: true, fileMustExist: true }) : target;
    return resultOf(sqlite.prepare(QUICK_CHECK).pluck().all(), sqlite);
  } catch (error) {
    return resultOfFailure(error);
  } finally {
    if (typeof target === 'string') sqlite?.close();
  }
}

/** The problems found in each damaged database, by its connection: damage is never repaired while it runs. */
const damaged = new WeakMap<Database.Database, string[]>();

/** Damaged: quick_check failed at start, or a request has met SQLITE_CORRUPT since. */
export const isDamaged = (sqlite: Database.Database): boolean => damaged.has(sqlite);

function markDamaged(sqlite: Database.Database, problems: string[], log: FastifyBaseLogger | undefined, how: string): void {
  if (isDamaged(sqlite)) return;
  damaged.set(sqlite, problems);
  log?.error(
    { database: sqlite.name, problems },
    `The database is damaged (${how}): ${problems[0] ?? 'unknown problem'}. Stop the server and restore the last good backup; backups of this database are refused.`,
  );
}

/** Called with every error a request ends in: the first SQLITE_CORRUPT marks the database damaged. */
export function noteDatabaseError(sqlite: Database.Database, error: unknown, log?: FastifyBaseLogger): void {
  if (storageFailureOf(error) !== 'damaged') return;
  markDamaged(sqlite, [(error as Error).message ?? String(error)], log, 'met while serving a request');
}

/** Answers undefined when stopped before it could answer. */
function checkInWorker(sqlite: Database.Database): { result: Promise<IntegrityResult | undefined>; stop: () => void } {
  const read = readInWorker(sqlite, QUICK_CHECK);
  const result = read.rows.then(
    (rows) => rows && resultOf(rows.map((row) => row[0]), sqlite.open ? sqlite : undefined),
    (error: unknown) => resultOfFailure(error),
  );
  return { result, stop: read.stop };
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export interface StartCheck {
  /** Settles once the check has answered (at once for a small database). */
  done: Promise<IntegrityResult | undefined>;
  /** Stops a background check still running (the server is closing). */
  stop: () => void;
}

/**
 * Runs quick_check on the server's database at start: at once for an in-memory or small file, in a
 * worker thread for a large one. The result is kept for health (isDamaged); a failure is logged
 * naming the problem. A check that cannot run at all (not damage) is logged and leaves the state unknown.
 */
export function checkIntegrityAtStart(
  sqlite: Database.Database,
  log: FastifyBaseLogger,
  options: { backgroundAboveBytes?: number } = {},
): StartCheck {
  const record = (result: IntegrityResult | undefined): IntegrityResult | undefined => {
    if (result && !result.ok) markDamaged(sqlite, result.problems, log, 'quick_check at start failed');
    return result;
  };
  const cannotCheck = (error: unknown): undefined => {
    log.warn({ err: error }, 'The database integrity check could not run');
    return undefined;
  };
  const path = sqlite.name;
  const inMemory = path === ':memory:' || path === '';
  if (inMemory || fileSize(path) <= (options.backgroundAboveBytes ?? BACKGROUND_CHECK_ABOVE_BYTES)) {
    try {
      return { done: Promise.resolve(record(checkIntegrity(sqlite))), stop: () => {} };
    } catch (error) {
      return { done: Promise.resolve(cannotCheck(error)), stop: () => {} };
    }
  }
  const worker = checkInWorker(sqlite);
  return { done: worker.result.then(record, cannotCheck), stop: worker.stop };
}
