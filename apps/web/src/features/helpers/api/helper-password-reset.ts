import type { MessageAnswer, NewPasswordInput, ResetRequestInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/auth/helper/forgot-password: answers the same whether or not a helper account has the address. */
export function useRequestHelperPasswordReset() {
  return useMutation({
    mutationFn: (input: ResetRequestInput) => apiFetch<MessageAnswer>('/api/auth/helper/forgot-password', { json: input }),
  });
}

/** POST /api/auth/helper/reset-password with the e-mailed link's token and the new password. */
export function useResetHelperPassword() {
  return useMutation({
    mutationFn: (input: NewPasswordInput) => apiFetch<MessageAnswer>('/api/auth/helper/reset-password', { json: input }),
  });
}
