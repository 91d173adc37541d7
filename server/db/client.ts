// Opens the SQLite database with the pragmas this app relies on and applies the migrations: the
// embedded engine, one practice in one DATA_DIR (engine.ts has the seam both engines sit behind).
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimePaths } from '../packaged/runtime-paths';
import { AsyncLock, registerEngine, type Db, type SqliteEngine } from './engine';
import { openSqlite } from './open-sqlite';
import * as schema from './schema/index';
import { sqliteRouter } from './sqlite-router';

export type { Db, DbOrTx, Tx } from './engine';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  /** Called with every SQL statement drizzle runs (tests count statements with it). */
  logQuery?: (query: string) => void;
}

/**
 * `path` is a file, or ':memory:' for tests: a fresh database in a temporary file (on /dev/shm where
 * there is one), removed when closed or when the process ends. A file, because the engine keeps two
 * connections to it (a writer and a reader), and two connections cannot share one in-memory database.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const temporary = path === ':memory:' ? temporaryDatabasePath() : undefined;
  const file = temporary?.file ?? path;
  const writer = openWriter(file);
  const reader = openSqlite(file);
  // The reader only reads: a write that forgot its transaction fails loudly here instead of
  // landing outside one.
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  reader.pragma('temp_store = MEMORY');
  reader.pragma('cache_size = -16384');
  const engine: SqliteEngine = {
    name: 'sqlite',
    writer,
    reader,
    lock: new AsyncLock(),
    close: () => {
      reader.close();
      writer.close();
      temporary?.remove();
    },
  };
  const { logQuery } = options;
  const router = sqliteRouter(engine);
  const db = drizzle(router as unknown as Database.Database, { schema, ...(logQuery ? { logger: { logQuery: (query: string) => logQuery(query) } } : {}) });
  const handle = db as unknown as Db;
  registerEngine(handle, engine);
  return handle;
}

function temporaryDatabasePath() {
  const dir = mkdtempSync(join(process.platform === 'linux' ? '/dev/shm' : tmpdir(), 'expediente-db-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeDir);
  // Closed before the process ends: its exit listener goes too (a test file opens dozens).
  const remove = () => {
    process.off('exit', removeDir);
    removeDir();
  };
  return { file: join(dir, 'expediente.db'), remove };
}

function openWriter(path: string): Database.Database {
  const sqlite = openSqlite(path);
  // Patients' records: readable by this account only. SQLite gives the -wal and -shm files the
  // database file's mode, so they follow.
  chmodSync(path, 0o600);
  // WAL lets readers go on while one write commits; FULL makes a commit survive a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // INSERT OR REPLACE deletes the row it replaces; with recursive triggers on, that delete meets
  // the audit trail's append-only trigger instead of slipping past it.
  sqlite.pragma('recursive_triggers = ON');
  // Deleted records are overwritten with zeros, not left readable in free pages of the file.
  sqlite.pragma('secure_delete = ON');
  // Temporary b-trees and statement journals in memory, not in files: a statement journal is kept
  // for every insert into a table with a trigger (the audit trail's append-only one), and in a file
  // it cost about 46 µs of each audited request's 60. No query here sorts a large
  // unindexed set, so memory stays small, and no part of a record lands in a temporary file.
  sqlite.pragma('temp_store = MEMORY');
  // 16 MiB of pages kept in memory instead of SQLite's 2: on a decade's database (2 GiB) the pages
  // one screen reads — the agenda's week walks 161 appointments with notes, their links, patients
  // and names — no longer fit in 2, and each page missed is a read from the OS (the week took
  // 3.5 ms instead of 0.6). Measured at 16 and 64 MiB alike, so the smaller.
  sqlite.pragma('cache_size = -16384');
  migrate(drizzle(sqlite), { migrationsFolder: runtimePaths.migrationsFolder ?? migrationsFolder });
  return sqlite;
}
