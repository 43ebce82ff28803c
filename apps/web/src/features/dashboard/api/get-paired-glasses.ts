import type { PairedDevice } from '@seva/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/devices: how many pairs of glasses are paired with the user's account; not asked when `enabled` is false. */
export function usePairedGlassesCount(enabled = true) {
  return useQuery({
    queryKey: ['dashboard', 'devices'],
    enabled,
    queryFn: async ({ signal }) => (await apiFetch<{ devices: PairedDevice[] }>('/api/devices', { signal })).devices.length,
  });
}
