// The storage's failures known by each engine's code: SQLite's (primary and extended) and PostgreSQL's
// SQLSTATE, also as the cause of the error drizzle wraps a failed query in.
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { isWriteRefusedByStorage, storageFailureOf } from './storage-failure';

const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert into …'), { cause });

describe('storageFailureOf', () => {
  it.each([
    ['SQLITE_FULL', 'full'],
    ['ENOSPC', 'full'],
    ['53100', 'full'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['25006', 'read-only'],
    ['SQLITE_CORRUPT_INDEX', 'damaged'],
    ['XX001', 'damaged'],
    ['XX002', 'damaged'],
  ])('knows %s as %s, also wrapped', (code, failure) => {
    expect(storageFailureOf({ code })).toBe(failure);
    expect(storageFailureOf(wrapped({ code }))).toBe(failure);
  });

  it('knows nothing else as the storage failing', () => {
    for (const code of ['23505', 'SQLITE_CONSTRAINT_UNIQUE', '42601', undefined]) expect(storageFailureOf(wrapped({ code }))).toBeUndefined();
    expect(isWriteRefusedByStorage(wrapped({ code: 'XX001' }))).toBe(false);
    expect(isWriteRefusedByStorage(wrapped({ code: '53100' }))).toBe(true);
  });
});

describe('isUniqueViolation', () => {
  it("knows a unique index's refusal on either engine, also wrapped", () => {
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', '23505']) {
      expect(isUniqueViolation({ code })).toBe(true);
      expect(isUniqueViolation(wrapped({ code }))).toBe(true);
    }
    for (const code of ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503', '23514']) expect(isUniqueViolation(wrapped({ code }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
