import type { DeleteAccountInput, MessageAnswer } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/account/delete with the password: the account and everything in it are erased; the session ends. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiFetch<MessageAnswer>('/api/account/delete', { method: 'POST', json: input }),
  });
}
