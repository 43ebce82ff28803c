import { useQuery } from '@tanstack/react-query';
import { featuresQuery } from '../../../lib/queries/features.ts';

/** GET /api/features: the eight features with their download links, and when the server checked them. */
export function useFeatures() {
  return useQuery(featuresQuery());
}
