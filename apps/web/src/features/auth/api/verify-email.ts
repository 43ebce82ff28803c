import type { MessageAnswer } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<MessageAnswer>('/api/auth/verify-email', { json: { token } }),
  });
}
