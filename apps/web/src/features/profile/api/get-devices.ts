import { useQuery } from '@tanstack/react-query';
import { devicesQuery } from '../../../lib/queries/devices.ts';

/** GET /api/devices: the glasses paired with the user's account, each with when it was paired and last seen. */
export function useDevices() {
  return useQuery(devicesQuery());
}
