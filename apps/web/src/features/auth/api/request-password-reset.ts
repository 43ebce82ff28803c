import type { ResetRequestInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: ResetRequestInput) => apiFetch<{ message: string }>('/api/auth/request-password-reset', { json: input }),
  });
}
