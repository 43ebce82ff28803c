import type { MessageAnswer } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/auth/restore-account with the deletion e-mail's token: the account comes back, signed out (issue #21). */
export function useRestoreAccount() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<MessageAnswer>('/api/auth/restore-account', { json: { token } }),
  });
}
