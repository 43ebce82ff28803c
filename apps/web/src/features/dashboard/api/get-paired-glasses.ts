import { useQuery } from '@tanstack/react-query';
import { devicesQuery } from '../../../lib/queries/devices.ts';

/** How many pairs of glasses are paired with the user's account, from /profile's query; not asked when `enabled` is false. */
export function usePairedGlassesCount(enabled = true) {
  return useQuery({ ...devicesQuery(), enabled, select: (devices) => devices.length });
}
