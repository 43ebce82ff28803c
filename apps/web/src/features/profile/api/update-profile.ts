import type { ProfileEditInput, ProfileUpdatedAnswer } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { profileQuery } from './get-profile.ts';

/** PATCH /api/profile with `{ username }` or `{ phone }`; the session is read again so every screen shows the change. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileEditInput) => apiFetch<ProfileUpdatedAnswer>('/api/profile', { method: 'PATCH', json: input }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQuery().queryKey, user);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
