import type { MessageAnswer, NewPasswordInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: NewPasswordInput) => apiFetch<MessageAnswer>('/api/auth/reset-password', { json: input }),
  });
}
