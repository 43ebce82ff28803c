import type { ActivityAnswer } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/activity: the account's newest events (issue #12). */
export const activityQuery = () =>
  queryOptions({
    queryKey: ['activity'],
    queryFn: async () => (await apiFetch<ActivityAnswer>('/api/activity')).events,
  });

export function useRecentActivity() {
  return useQuery(activityQuery());
}
