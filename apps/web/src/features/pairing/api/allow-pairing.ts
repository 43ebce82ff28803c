import type { PairedDevice, PairingCodeInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/devices/pairing/allow: pairs the glasses waiting for this code; answers 'Glasses paired' and the device. */
export function useAllowPairing() {
  return useMutation({
    mutationFn: (code: string) => apiFetch<{ message: string; device: PairedDevice }>('/api/devices/pairing/allow', { json: { code } satisfies PairingCodeInput }),
  });
}
