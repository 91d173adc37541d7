// Typed tRPC hooks for the React tree; the router's type comes straight from the server.
import { httpBatchLink, httpLink, splitLink, type Operation } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { TRPC_MAX_BATCH } from '../../../shared/constants';
import type { AppRouter } from '../../../server/trpc/router';
import { fetchWithDeadline, SAVE_DEADLINE_MS } from './fetch-with-deadline';
import { getAccessToken } from './session-storage';

export const trpc = createTRPCReact<AppRouter>();

const transport = {
  url: '/trpc',
  // Read at request time, so a session stored a moment ago is already sent.
  headers() {
    const token = getAccessToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
};

// A change (a mutation) gives up after SAVE_DEADLINE_MS, so it fails while the user still waits for
// it instead of hanging; reads keep no deadline of their own (a slow page of results is still fine).
const savingTransport = { ...transport, fetch: fetchWithDeadline(SAVE_DEADLINE_MS) };
const isChange = (operation: Operation) => operation.type === 'mutation';

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // The server refuses auth.* calls inside a batch (each password check is counted on its
      // own), and batches of more than TRPC_MAX_BATCH calls.
      splitLink({
        condition: (operation) => operation.path.startsWith('auth.'),
        true: splitLink({ condition: isChange, true: httpLink(savingTransport), false: httpLink(transport) }),
        false: splitLink({
          condition: isChange,
          true: httpBatchLink({ ...savingTransport, maxItems: TRPC_MAX_BATCH }),
          false: httpBatchLink({ ...transport, maxItems: TRPC_MAX_BATCH }),
        }),
      }),
    ],
  });
}
