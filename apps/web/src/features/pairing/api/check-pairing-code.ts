import type { PairingCodeInput, PendingPairing } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/devices/pairing/check: the glasses waiting for this code, and what they will read. */
export function useCheckPairingCode() {
  return useMutation({
    mutationFn: (code: string) => apiFetch<PendingPairing>('/api/devices/pairing/check', { json: { code } satisfies PairingCodeInput }),
  });
}
