import type { FeaturesResponse } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const featuresQueryKey = ['features'] as const;

/** GET /api/features: the eight features with their download links, and when the server checked them. */
export function useFeatures() {
  return useQuery({
    queryKey: featuresQueryKey,
    queryFn: ({ signal }) => apiFetch<FeaturesResponse>('/api/features', { signal }),
  });
}
