import type { FeaturesResponse } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/features: how many features have an install or update the glasses do not run yet. */
export function useUpdatesAvailable() {
  return useQuery({
    queryKey: ['dashboard', 'features'],
    queryFn: async ({ signal }) => {
      const { features } = await apiFetch<FeaturesResponse>('/api/features', { signal });
      return features.filter((feature) => feature.downloadUrl && !feature.upToDate).length;
    },
  });
}
