import type { PairedDevice, PairingAllowInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/devices/pairing/allow: pairs the glasses waiting for this code, with the user's password; answers 'Glasses paired' and the device. */
export function useAllowPairing() {
  return useMutation({
    mutationFn: (input: PairingAllowInput) => apiFetch<{ message: string; device: PairedDevice }>('/api/devices/pairing/allow', { json: input }),
  });
}
