// The medic's patients a page at a time, searched on the server (API.md "Paged patient list"): the
// first key typed after a pause is sent at once (the server's first filter also readies its filter
// index, while the medic types on), the keys that follow once typing pauses, and a request for a
// filter the medic has already changed is cancelled. While the next filter's first page loads, the
// last answer stays on screen.
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PATIENT_PAGE_SIZE } from '../../../../shared/constants';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_PAUSE_MS } from './search-pause';

export function usePatientPages(query: string) {
  const q = useDebouncedValue(query.trim(), SEARCH_PAUSE_MS, { leading: true });
  const pages = trpc.medics.patientPage.useInfiniteQuery(
    { limit: PATIENT_PAGE_SIZE, q },
    {
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
      // Hands the request an AbortSignal, so a query left behind by the next keystroke is cancelled.
      trpc: { abortOnUnmount: true },
    },
  );
  const patients = useMemo(() => pages.data?.pages.flatMap((page) => page.patients), [pages.data]);
  return { ...pages, patients, total: pages.data?.pages[0]?.total, q };
}
