// For tests of a database that has run out of room, without a small disk: SQLite's max_page_count
// caps the file at the pages it has, and filling the audit trail (which every write and every
// refusal adds to) uses the room left in its pages. From then on a write that needs a fresh page
// fails in SQLite itself with SQLITE_FULL, exactly as on a full disk; raising the cap frees the space.
import type Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import { recordAudit } from '../audit/record-audit';
import { storageFailureOf } from '../storage-failure';
import type { Db } from './client';
import { sqliteEngineOf } from './engine';

const pragmaNumber = (sqlite: Database.Database, pragma: string) => sqlite.pragma(pragma, { simple: true }) as number;

/**
 * Fills the database to its cap; the returned function frees the space again. The cap is the
 * writer's (max_page_count is a connection's setting): every write goes through it.
 */
export async function fillDatabase(db: Db): Promise<() => void> {
  const sqlite = sqliteEngineOf(db).writer;
  const uncapped = pragmaNumber(sqlite, 'max_page_count');
  sqlite.pragma(`max_page_count = ${pragmaNumber(sqlite, 'page_count')}`);
  // The smallest event there is: once it no longer fits, no real event (never smaller) does.
  for (let written = 0; ; written++) {
    try {
      await recordAudit(db, { userId: null, type: 'anonymous', ip: null }, { action: 'auth.login', outcome: 'denied' });
    } catch (error) {
      // SQLITE_FULL, maybe wrapped by drizzle.
      if (storageFailureOf(error) !== 'full') throw error;
      break;
    }
    if (written > 100_000) throw new Error('the database never filled');
  }
  return () => {
    sqlite.pragma(`max_page_count = ${uncapped}`);
  };
}

/**
 * For a test file whose tests fill the disk: the returned function fills the database of `dbOf()`
 * until the end of the test calling it; after each test the space is freed again and a read-only
 * switch (query_only) undone.
 */
export function fullUntilTestEnds(dbOf: () => Db): () => Promise<void> {
  let free: (() => void) | undefined;
  afterEach(() => {
    free?.();
    free = undefined;
    sqliteEngineOf(dbOf()).writer.pragma('query_only = 0');
  });
  return async () => {
    free = await fillDatabase(dbOf());
  };
}
