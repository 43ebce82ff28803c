import type { HelperSummary, InvitedHelperAnswer, InviteHelperInput } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { helpersQuery } from './get-helpers.ts';

/** POST /api/helpers: the invitation e-mail goes out and the helper is listed as invited. */
export function useInviteHelper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteHelperInput) => apiFetch<InvitedHelperAnswer>('/api/helpers', { json: input }),
    onSuccess: ({ helper }) => queryClient.setQueryData<HelperSummary[]>(helpersQuery().queryKey, (helpers) => [...(helpers ?? []), helper]),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: helpersQuery().queryKey }),
  });
}
