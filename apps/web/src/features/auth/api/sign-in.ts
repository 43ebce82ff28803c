import type { SignInAnswer, SignInInput } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { followAccountLanguage } from '../../../lib/i18n/account-language.ts';
import { setSignedIn } from '../../../lib/session.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<SignInAnswer>('/api/auth/sign-in', { json: input }),
    onSuccess: async ({ user }) => {
      await followAccountLanguage();
      setSignedIn(queryClient, { user });
    },
  });
}
