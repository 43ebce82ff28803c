import type { SessionUser } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

/** GET /api/profile: the signed-in user's record, with its identity QR (product §3). */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async () => (await apiFetch<{ user: SessionUser }>('/api/profile')).user,
  });
}
