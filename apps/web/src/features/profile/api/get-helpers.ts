import type { HelperSummary } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const helpersQueryKey = ['helpers'] as const;

/** GET /api/helpers: the wearer's helpers and open invitations (issue #18). */
export function useHelpers() {
  return useQuery({
    queryKey: helpersQueryKey,
    queryFn: async ({ signal }) => (await apiFetch<{ helpers: HelperSummary[] }>('/api/helpers', { signal })).helpers,
  });
}
