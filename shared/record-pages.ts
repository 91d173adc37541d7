// The three lists of a record that grow with the years (appointments, vital signs, lab results):
// the record read carries the newest of each, and the rest comes page by page (API.md "Long
// histories"). A page starts after a keyset cursor, the sort key (date, id) of the last item sent,
// so a page costs the same however deep it is and an item added meanwhile shifts nothing.
import { z } from 'zod';
import { cursorOf, decodeCursorKey, encodeCursorKey, pageSizeUpTo } from './paging';

export const LONG_LISTS = ['history', 'vitals', 'labs'] as const;
export type LongList = (typeof LONG_LISTS)[number];

/** How many of each the record read carries: what its screen shows. */
export const RECORD_FIRST_PAGE: Record<LongList, number> = { history: 50, vitals: 100, labs: 100 };

export const RECORD_PAGE_DEFAULT = 50;
export const RECORD_PAGE_MAX = 200;

/** Where the next page starts: the sort key of the last item sent (lists are newest first by date, then id). */
export interface RecordPageKey {
  date: string;
  id: number;
}

/** The opaque cursor clients send back (shared/paging.ts). */
export const encodeRecordCursor = ({ date, id }: RecordPageKey): string => encodeCursorKey([date, id]);

// A calendar date or a practice-local moment, as the three lists store them; any stored text is
// accepted back (a row written long ago may hold another form), since it is only ever a bound value.
const KEY_DATE_MAX = 64;

/** The key a cursor stands for, or undefined when it is not one this server wrote. */
export function decodeRecordCursor(cursor: string): RecordPageKey | undefined {
  const [date, id] = decodeCursorKey(cursor, 2, 200) ?? [];
  if (typeof date !== 'string' || date.length === 0 || date.length > KEY_DATE_MAX) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return undefined;
  return { date, id };
}

const recordPageSize = pageSizeUpTo(RECORD_PAGE_MAX);

const recordCursor = cursorOf(decodeRecordCursor);

/** ?cursor=&limit= of the list routes. Absent (or null, as an infinite query's first page sends it) starts from the newest. */
export const recordPageInput = z.object({
  cursor: recordCursor.nullish(),
  limit: recordPageSize.optional().transform((limit) => limit ?? RECORD_PAGE_DEFAULT),
});
export type RecordPageInput = z.input<typeof recordPageInput>;

/** One page of a long list; `total` counts the whole list, not only this page. */
export interface RecordPage<Item> {
  items: Item[];
  nextCursor: string | null;
  total: number;
}

/** What the record read says about each long list besides its newest items. */
export interface LongListCounts {
  historyTotal: number;
  historyNextCursor: string | null;
  vitalsTotal: number;
  vitalsNextCursor: string | null;
  labsTotal: number;
  labsNextCursor: string | null;
}
