import type { PairingCodeInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/devices/pairing/deny: the glasses waiting for this code hear access_denied; answers what to tell the user. */
export function useDenyPairing() {
  return useMutation({
    mutationFn: (code: string) => apiFetch<{ message: string }>('/api/devices/pairing/deny', { json: { code } satisfies PairingCodeInput }),
  });
}
