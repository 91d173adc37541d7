// The filters of the bench's "a new filter each time" row, for the quick bench and the decade's.
import { CACHED_PAGES } from '../../server/services/patient-page';
import { foldForSearch } from '../../shared/patients';
import { FIRST_NAMES, LAST_NAMES } from './seed';

/**
 * Filters a medic might type, each different: every three-letter run of the seeded names, more of
 * them than the server keeps pages of (CACHED_PAGES), taken in turn, so each page is read from the
 * database. The filtered row of the quick bench repeats one filter, as a medic coming back to it would.
 */
export function newFilters(): string[] {
  const runs = new Set<string>();
  for (const name of [...LAST_NAMES, ...FIRST_NAMES]) {
    const folded = foldForSearch(name);
    for (let at = 0; at + 3 <= folded.length; at += 1) runs.add(folded.slice(at, at + 3));
  }
  return [...runs].slice(0, CACHED_PAGES + 50);
}

export const newFilterPaths = (): string[] => newFilters().map((filter) => `/api/medics/my-patients?limit=50&q=${encodeURIComponent(filter)}`);
