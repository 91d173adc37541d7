// The diagnosis catalog searched as the doctor types (catalog.diagnoses): the text goes to the
// server once typing pauses, and the request for a text the doctor has already changed is cancelled
// (abortOnUnmount hands the request an AbortSignal, which TanStack Query aborts when the query it
// belongs to loses its last observer, as it does when the key moves on to the next text). While the
// next answer is on its way, the last one stays on screen so the list does not flicker.
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/constants';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing must pause before the search goes to the server. */
export const DIAGNOSIS_SEARCH_PAUSE_MS = 200;
/** Options shown at once: enough to choose among, few enough to read. */
export const DIAGNOSIS_OPTIONS = 10;

/** The language the catalog answers in: the interface's. */
export function useCatalogLanguage(): Language {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
}

export function useDiagnosisSearch(text: string) {
  const lang = useCatalogLanguage();
  const q = useDebouncedValue(text.trim(), DIAGNOSIS_SEARCH_PAUSE_MS);
  const search = trpc.catalog.diagnoses.useQuery(
    { q, lang, limit: DIAGNOSIS_OPTIONS },
    { enabled: q !== '', placeholderData: keepPreviousData, trpc: { abortOnUnmount: true } },
  );
  return {
    /** The answer for the text as it was when typing last paused (or the one before, while it loads). */
    options: q === '' ? [] : (search.data ?? []),
    /** Whether `options` answer what is typed now. */
    current: q === text.trim() && !search.isPlaceholderData && !search.isFetching,
    lang,
  };
}
