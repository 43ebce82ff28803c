import type { MessageAnswer, ResetRequestInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: ResetRequestInput) => apiFetch<MessageAnswer>('/api/auth/request-password-reset', { json: input }),
  });
}
