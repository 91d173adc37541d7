// For tests of a database that has run out of room, without a small disk: SQLite's max_page_count
// caps the file at the pages it has, and filling the audit trail (which every write and every
// refusal adds to) uses the room left in its pages. From then on a write that needs a fresh page
// fails in SQLite itself with SQLITE_FULL, exactly as on a full disk; raising the cap frees the space.
import type Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import { recordAudit } from '../audit/record-audit';
import type { Db } from './client';

const pragmaNumber = (sqlite: Database.Database, pragma: string) => sqlite.pragma(pragma, { simple: true }) as number;

/** Fills the database to its cap; the returned function frees the space again. */
export function fillDatabase(db: Db): () => void {
  const sqlite = db.$client;
  const uncapped = pragmaNumber(sqlite, 'max_page_count');
  sqlite.pragma(`max_page_count = ${pragmaNumber(sqlite, 'page_count')}`);
  // The smallest event there is: once it no longer fits, no real event (never smaller) does.
  for (let written = 0; ; written++) {
    try {
      recordAudit(db, { userId: null, type: 'anonymous', ip: null }, { action: 'auth.login', outcome: 'denied' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
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
export function fullUntilTestEnds(dbOf: () => Db): () => void {
  let free: (() => void) | undefined;
  afterEach(() => {
    free?.();
    free = undefined;
    dbOf().$client.pragma('query_only = 0');
  });
  return () => {
    free = fillDatabase(dbOf());
  };
}
