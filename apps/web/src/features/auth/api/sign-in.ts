import type { SessionUser, SignInInput } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { forgetSessionEnd, sessionQueryKey } from '../../../lib/session.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<{ user: SessionUser }>('/api/auth/sign-in', { json: input }),
    onSuccess: ({ user }) => {
      forgetSessionEnd(queryClient);
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}
