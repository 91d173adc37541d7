// Drugs the practice prescribed before (medics.prescribedDrugs), asked as the doctor types a drug:
// once typing pauses, and only from DRUG_QUERY_MIN characters, below which the server answers
// nothing. As with the diagnosis search, a request for a text already changed is cancelled and the
// last answer stays on screen while the next one loads.
import { keepPreviousData } from '@tanstack/react-query';
import { DRUG_QUERY_MIN } from '../../../../shared/prescriptions';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing must pause before the drug goes to the server. */
export const DRUG_SEARCH_PAUSE_MS = 200;

export function useDrugSuggestions(text: string) {
  const q = useDebouncedValue(text.trim(), DRUG_SEARCH_PAUSE_MS);
  const enabled = [...q].length >= DRUG_QUERY_MIN;
  const search = trpc.medics.prescribedDrugs.useQuery({ q }, { enabled, placeholderData: keepPreviousData, trpc: { abortOnUnmount: true } });
  return {
    suggestions: enabled ? (search.data ?? []) : [],
    /** Whether `suggestions` answer what is typed now. */
    current: q === text.trim() && !search.isPlaceholderData && !search.isFetching,
  };
}
