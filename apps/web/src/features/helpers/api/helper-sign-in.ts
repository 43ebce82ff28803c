import type { HelperSignedInAnswer, HelperSignInInput } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { setSignedIn, signedInFrom } from '../../../lib/session.ts';

/** POST /api/auth/helper/sign-in: the answer is the session's (whom the helper acts for, if decided). */
export function useHelperSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HelperSignInInput) => apiFetch<HelperSignedInAnswer>('/api/auth/helper/sign-in', { json: input }),
    onSuccess: (answer) => setSignedIn(queryClient, signedInFrom(answer)),
  });
}
