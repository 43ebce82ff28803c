import type { HelpersAnswer } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/helpers: the wearer's helpers and open invitations (issue #18). */
export const helpersQuery = () =>
  queryOptions({
    queryKey: ['helpers'],
    queryFn: async ({ signal }) => (await apiFetch<HelpersAnswer>('/api/helpers', { signal })).helpers,
  });

export function useHelpers() {
  return useQuery(helpersQuery());
}
