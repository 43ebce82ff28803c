import type { HelperSignedInAnswer } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { setSignedIn, signedInFrom } from '../../../lib/session.ts';

/** What accepting sends: the link's token and the form (a new account's name and passwords, or the account's password). */
export interface AcceptInvitationInput {
  token: string;
  password: string;
  name?: string;
  confirmPassword?: string;
}

/** POST /api/helper-invitations/accept: the helper is signed in (the answer is the session's). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) =>
      apiFetch<HelperSignedInAnswer>('/api/helper-invitations/accept', { json: input }),
    onSuccess: (answer) => setSignedIn(queryClient, signedInFrom(answer)),
  });
}
