import type { ChangeHelperPasswordInput, DeleteAccountInput } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** PUT /api/helper/password: a helper changes their own password (issue #18); only the three fields it takes are sent. */
export function useChangeHelperPassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword, confirmPassword }: ChangeHelperPasswordInput) =>
      apiFetch<void>('/api/helper/password', { method: 'PUT', json: { currentPassword, newPassword, confirmPassword } }),
  });
}

/** DELETE /api/helper/wearers/:wearerId: 'Stop helping {wearer}'; the session is asked again (whom they act for now). */
export function useStopHelping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wearerId: string) => apiFetch<void>(`/api/helper/wearers/${encodeURIComponent(wearerId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** DELETE /api/helper/account with the password: the helper account and all its links end; the session ends. */
export function useDeleteHelperAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiFetch<void>('/api/helper/account', { method: 'DELETE', json: input }),
  });
}
