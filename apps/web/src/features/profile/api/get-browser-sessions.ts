import type { BrowserSessionsAnswer } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/account/sessions: the browsers signed in to the account, this one first (issue #12). */
export const browserSessionsQuery = () =>
  queryOptions({
    queryKey: ['browser-sessions'],
    queryFn: async () => (await apiFetch<BrowserSessionsAnswer>('/api/account/sessions')).sessions,
  });

export function useBrowserSessions() {
  return useQuery(browserSessionsQuery());
}
