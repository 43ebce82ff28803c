import type { MessageAnswer, SignUpInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => apiFetch<MessageAnswer>('/api/auth/sign-up', { json: input }),
  });
}
