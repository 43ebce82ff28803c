import type { PairedDevicesAnswer } from '@seva/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/** GET /api/devices: the glasses paired with the user's account, each with when it was paired and last seen. */
export const devicesQuery = () =>
  queryOptions({
    queryKey: ['devices'],
    queryFn: async ({ signal }) => (await apiFetch<PairedDevicesAnswer>('/api/devices', { signal })).devices,
  });
