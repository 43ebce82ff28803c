import type { ProfileAnswer } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/profile: the signed-in user's record, with its identity QR (product §3). */
export const profileQuery = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: async () => (await apiFetch<ProfileAnswer>('/api/profile')).user,
  });

export function useProfile() {
  return useQuery(profileQuery());
}
