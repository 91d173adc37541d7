// The long lists' cursors (API.md "Long histories"): what the server writes it reads back, and
// anything else is refused, so a bad cursor is a 400 rather than a page from the wrong place.
import { describe, expect, it } from 'vitest';
import { decodeRecordCursor, encodeRecordCursor, recordPageInput } from './record-pages';

describe('record page cursors', () => {
  it('round-trips the sort key of a moment, a calendar date and an odd stored date', () => {
    for (const key of [{ date: '2025-03-02T09:30', id: 41 }, { date: '2019-01-01', id: 1 }, { date: '2019-01-01 08:00:00', id: Number.MAX_SAFE_INTEGER }]) {
      expect(decodeRecordCursor(encodeRecordCursor(key))).toEqual(key);
    }
  });

  it('refuses what it did not write', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['', 'nope!', 'A', encode(['2025-01-01']), encode(['2025-01-01', 0]), encode(['2025-01-01', 1.5]), encode([1, 2]), encode(['', 3]), encode({ date: '2025-01-01', id: 1 }), encode(['x'.repeat(65), 1])]) {
      expect(decodeRecordCursor(cursor), cursor).toBeUndefined();
    }
  });

  it('takes limit 1–200 as a number or decimal text, 50 when absent', () => {
    expect(recordPageInput.parse({})).toEqual({ limit: 50 });
    expect(recordPageInput.parse({ limit: '200', cursor: null })).toEqual({ limit: 200, cursor: null });
    for (const limit of [0, 201, '0', '01', '1e2', 2.5, -1]) expect(recordPageInput.safeParse({ limit }).success, String(limit)).toBe(false);
  });
});
