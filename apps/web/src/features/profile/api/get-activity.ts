import type { ActivityEvent } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const activityQueryKey = ['activity'] as const;

/** GET /api/activity: the account's newest events (issue #12). */
export function useRecentActivity() {
  return useQuery({
    queryKey: activityQueryKey,
    queryFn: async () => (await apiFetch<{ events: ActivityEvent[] }>('/api/activity')).events,
  });
}
