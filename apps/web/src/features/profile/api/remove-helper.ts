import type { HelperSummary } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { helpersQuery } from './get-helpers.ts';

/** DELETE /api/helpers/:id: cancels an invitation, or ends an active helper's access at once. */
export function useRemoveHelper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (helper: HelperSummary) => apiFetch<void>(`/api/helpers/${encodeURIComponent(helper.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, helper) => queryClient.setQueryData<HelperSummary[]>(helpersQuery().queryKey, (helpers) => helpers?.filter((h) => h.id !== helper.id)),
    // Also after a refusal: a helper who stopped meanwhile leaves the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: helpersQuery().queryKey }),
  });
}
