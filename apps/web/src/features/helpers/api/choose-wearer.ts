import type { HelperSessionInfo, SessionUser } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionQueryKey, setSignedIn, signedInFrom } from '../../../lib/session.ts';

/**
 * POST /api/helper/acting-for: the helper acts for this wearer from now on. What the screens loaded for the previous
 * wearer is dropped, so nothing of one wearer shows while acting for another.
 */
export function useChooseWearer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wearerId: string) => apiFetch<{ user: SessionUser | null; helper: HelperSessionInfo }>('/api/helper/acting-for', { json: { wearerId } }),
    onSuccess: (answer) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      setSignedIn(queryClient, signedInFrom(answer));
    },
  });
}
