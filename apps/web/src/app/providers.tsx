import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { isUnauthenticated, onForbidden, onUnauthenticated } from '../lib/session.ts';

/**
 * A 401 means the session is gone. From a query, the guard then sends the user to /login; from a save, the screen
 * stays with what was typed and says so (lib/session.ts). A 403 to a helper has the session asked again: their
 * wearer may have removed them (issue #18).
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthenticated(error)) onUnauthenticated(queryClient, 'query');
      onForbidden(queryClient, error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isUnauthenticated(error)) onUnauthenticated(queryClient, 'mutation');
      onForbidden(queryClient, error);
    },
  }),
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1, refetchOnWindowFocus: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
