import type { PairedDevice } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const devicesQueryKey = ['devices'] as const;

/** GET /api/devices: the glasses paired with the user's account, each with when it was paired and last seen. */
export function useDevices() {
  return useQuery({
    queryKey: devicesQueryKey,
    queryFn: async ({ signal }) => (await apiFetch<{ devices: PairedDevice[] }>('/api/devices', { signal })).devices,
  });
}
