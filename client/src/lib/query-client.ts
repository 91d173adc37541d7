// TanStack Query with SPEC §7's defaults, and the one place where a 401 signs the user out, a
// 403 TWO_FACTOR_REQUIRED (the practice's policy, API.md) sends the user to set one up, and
// a 503 LOCKED (a server restarted without the practice's key) sends them to the unlock page.
// Changes run at once even when the browser says it is offline ('always'): TanStack's default
// would pause them and send them by itself when the connection returns, so a save the user saw
// hang (and gave up on) could still change the record later. They fail instead, and say so.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_RETRIES, QUERY_STALE_MS } from '../../../shared/constants';
import { isPracticeLocked, isTransient, isUnauthorized, readApiError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The call answers 401 for its own reasons (a wrong password at sign-in): the form shows it. */
      handlesUnauthorized?: boolean;
    };
  }
}

const needsSecondFactor = (error: unknown) => readApiError(error).appCode === 'TWO_FACTOR_REQUIRED';

export function createQueryClient(onUnauthorized: () => void, onSecondFactorRequired: () => void = () => {}, onLocked: () => void = () => {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
        else if (needsSecondFactor(error)) onSecondFactorRequired();
        else if (isPracticeLocked(error)) onLocked();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.handlesUnauthorized) onUnauthorized();
        else if (needsSecondFactor(error)) onSecondFactorRequired();
        else if (isPracticeLocked(error)) onLocked();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && isTransient(error),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
