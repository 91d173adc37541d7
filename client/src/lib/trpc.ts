// Typed tRPC hooks for the React tree; the router's type comes straight from the server.
import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { TRPC_MAX_BATCH } from '../../../shared/constants';
import type { AppRouter } from '../../../server/trpc/router';
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

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // The server refuses auth.* calls inside a batch (each password check is counted on its
      // own), and batches of more than TRPC_MAX_BATCH calls.
      splitLink({
        condition: (operation) => operation.path.startsWith('auth.'),
        true: httpLink(transport),
        false: httpBatchLink({ ...transport, maxItems: TRPC_MAX_BATCH }),
      }),
    ],
  });
}
