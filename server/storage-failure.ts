// Recognises the failures of the storage itself — no room left, a file or file system that refuses
// writes, a damaged database file — in whatever reached us: the file system's errno, better-sqlite3's
// SqliteError, PostgreSQL's SQLSTATE, or any of them wrapped as the cause of another error (drizzle wraps every failed query,
// tRPC every error it did not throw). The one place that reads those codes: error-mapping.ts turns
// the answer into the API's codes, health.ts into its states, the audit into a counted gap.

export type StorageFailure = 'full' | 'read-only' | 'damaged';

const byCode: Record<string, StorageFailure> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  SQLITE_FULL: 'full',
  EROFS: 'read-only',
  SQLITE_READONLY: 'read-only',
  SQLITE_CORRUPT: 'damaged',
  SQLITE_NOTADB: 'damaged',
  // PostgreSQL's SQLSTATEs for the same failures: disk_full, read_only_sql_transaction, data_corrupted, index_corrupted.
  '53100': 'full',
  '25006': 'read-only',
  XX001: 'damaged',
  XX002: 'damaged',
};

/** SQLite's extended codes (SQLITE_READONLY_DBMOVED, SQLITE_CORRUPT_INDEX...) count as their primary code. */
function failureOfCode(code: unknown): StorageFailure | undefined {
  if (typeof code !== 'string') return undefined;
  const primary = code.startsWith('SQLITE_') ? code.split('_', 2).join('_') : code;
  return byCode[code] ?? byCode[primary];
}

/** What the storage refused, if `error` (or an error it was caused by) is the storage's own failure. */
export function storageFailureOf(error: unknown): StorageFailure | undefined {
  let current: unknown = error;
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const failure = failureOfCode((current as { code?: unknown }).code);
    if (failure) return failure;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A write the storage could not take right now (full or read-only): worth answering as such, not as a bug. */
export const isWriteRefusedByStorage = (error: unknown): boolean => {
  const failure = storageFailureOf(error);
  return failure === 'full' || failure === 'read-only';
};
