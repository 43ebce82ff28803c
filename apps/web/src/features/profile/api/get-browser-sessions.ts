import type { BrowserSession } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const browserSessionsQueryKey = ['browser-sessions'] as const;

/** GET /api/account/sessions: the browsers signed in to the account, this one first (issue #12). */
export function useBrowserSessions() {
  return useQuery({
    queryKey: browserSessionsQueryKey,
    queryFn: async () => (await apiFetch<{ sessions: BrowserSession[] }>('/api/account/sessions')).sessions,
  });
}
