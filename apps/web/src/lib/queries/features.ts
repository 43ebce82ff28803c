import type { FeaturesResponse } from '@seva/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/** GET /api/features: the eight features with their download links, and when the server checked them. */
export const featuresQuery = () =>
  queryOptions({
    queryKey: ['features'],
    queryFn: ({ signal }) => apiFetch<FeaturesResponse>('/api/features', { signal }),
  });
