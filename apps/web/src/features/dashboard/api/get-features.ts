import { useQuery } from '@tanstack/react-query';
import { featuresQuery } from '../../../lib/queries/features.ts';

/** How many features have an install or update the glasses do not run yet, from /updates's query. */
export function useUpdatesAvailable() {
  return useQuery({ ...featuresQuery(), select: ({ features }) => features.filter((feature) => feature.downloadUrl && !feature.upToDate).length });
}
