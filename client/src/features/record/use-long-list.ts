// A long list of a record (appointments, vital signs, lab results: API.md "Long histories"): the
// newest items the record read carried, then the pages loaded on request after its cursor. The pages
// are keyed by the cursor they start from, so a reloaded record whose newest items moved starts its
// pages afresh instead of repeating or skipping items; every change to the record reloads them too
// (use-record-mutation.ts invalidates RECORD_PAGES_KEY).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClinicalHistory, Lab, Vital } from '../../../../shared/record';
import { RECORD_FIRST_PAGE, type LongList, type RecordPage } from '../../../../shared/record-pages';
import { trpc } from '../../lib/trpc';

export const RECORD_PAGES_KEY = 'recordPages';

export interface LongListItems {
  history: ClinicalHistory;
  vitals: Vital;
  labs: Lab;
}

/** Whose record: a patient a medic reads, or the signed-in patient's own. */
export type RecordOwner = { idPatient: number } | 'self';

/** What the record read says of the list. */
export interface LongListStart<Item> {
  items: readonly Item[];
  total: number;
  nextCursor: string | null;
}

export interface LongListState<Item> {
  list: LongList;
  /** The record's items, then those of every page loaded, each once. */
  items: readonly Item[];
  total: number;
  hasMore: boolean;
  /** Whether any page beyond the record's own was asked for (the count then stays on screen). */
  extended: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
}

type Client = ReturnType<typeof trpc.useUtils>['client'];

function fetchPage<L extends LongList>(client: Client, owner: RecordOwner, list: L, cursor: string): Promise<RecordPage<LongListItems[L]>> {
  // The same size as the record's own first page: each click shows as much again.
  const input = { cursor, limit: RECORD_FIRST_PAGE[list] };
  const page =
    owner === 'self'
      ? { history: () => client.patients.myHistory.query(input), vitals: () => client.patients.myVitals.query(input), labs: () => client.patients.myLabs.query(input) }[list]()
      : {
          history: () => client.medics.patientDetailHistory.query({ idPatient: owner.idPatient, ...input }),
          vitals: () => client.medics.patientDetailVitals.query({ idPatient: owner.idPatient, ...input }),
          labs: () => client.medics.patientDetailLabs.query({ idPatient: owner.idPatient, ...input }),
        }[list]();
  return page as Promise<RecordPage<LongListItems[L]>>;
}

// A vital sign or lab result also names its consultation (idHistory): its own id goes first.
const idOf = (item: ClinicalHistory | Vital | Lab): number => ('idVital' in item ? item.idVital : 'idLabs' in item ? item.idLabs : item.idHistory);

const NO_ITEMS: readonly never[] = [];

/** `start` is undefined while the record loads. */
export function useLongList<L extends LongList>(owner: RecordOwner, list: L, start: LongListStart<LongListItems[L]> | undefined): LongListState<LongListItems[L]> {
  const { client } = trpc.useUtils();
  const [requested, setRequested] = useState(false);
  const startCursor = start?.nextCursor ?? null;
  const pages = useInfiniteQuery({
    queryKey: [RECORD_PAGES_KEY, owner === 'self' ? 'self' : owner.idPatient, list, startCursor],
    queryFn: ({ pageParam }) => fetchPage(client, owner, list, pageParam),
    initialPageParam: startCursor ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: requested && startCursor !== null,
  });

  const loaded = startCursor === null ? [] : (pages.data?.pages ?? []);
  const seen = new Set<number>();
  const items: LongListItems[L][] = [];
  for (const item of [...(start?.items ?? NO_ITEMS), ...loaded.flatMap((page) => page.items)]) {
    const id = idOf(item);
    if (seen.has(id)) continue;
    seen.add(id);
    items.push(item);
  }
  const lastPage = loaded.at(-1);
  const hasMore = lastPage ? lastPage.nextCursor !== null : startCursor !== null;
  const loading = pages.isFetching;

  return {
    list,
    items,
    // Never fewer than are shown (a record whose items are written by hand, as in tests, may say 0).
    total: Math.max(lastPage?.total ?? start?.total ?? 0, items.length),
    hasMore,
    extended: loaded.length > 0,
    loading,
    failed: pages.isError,
    loadMore: () => {
      if (loading || !hasMore) return;
      if (!requested) setRequested(true);
      // The first page failed: ask for it again.
      else if (!lastPage) void pages.refetch();
      else void pages.fetchNextPage();
    },
  };
}
