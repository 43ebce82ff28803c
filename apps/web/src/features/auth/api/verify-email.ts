import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<{ message: string }>('/api/auth/verify-email', { json: { token } }),
  });
}
