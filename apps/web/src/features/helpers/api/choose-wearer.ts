import type { HelperSignedInAnswer } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { setSignedIn, signedInFrom } from '../../../lib/session.ts';

/**
 * POST /api/helper/acting-for: the helper acts for this wearer from now on. What the screens loaded for the previous
 * wearer is dropped (setSignedIn), so nothing of one wearer shows while acting for another.
 */
export function useChooseWearer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wearerId: string) => apiFetch<HelperSignedInAnswer>('/api/helper/acting-for', { json: { wearerId } }),
    onSuccess: (answer) => setSignedIn(queryClient, signedInFrom(answer)),
  });
}
