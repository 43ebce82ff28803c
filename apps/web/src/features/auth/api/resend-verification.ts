import type { MessageAnswer, SignInInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useResendVerification() {
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<MessageAnswer>('/api/auth/resend-verification', { json: input }),
  });
}
