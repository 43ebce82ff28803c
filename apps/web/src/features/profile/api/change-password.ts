import type { ChangePasswordInput, PasswordChangedAnswer } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { activityQuery } from './get-activity.ts';
import { browserSessionsQuery } from './get-browser-sessions.ts';
import { devicesQuery } from '../../../lib/queries/devices.ts';

/** POST /api/account/password: 'Change password'; the browsers, glasses and activity lists are read again after it. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiFetch<PasswordChangedAnswer>('/api/account/password', { method: 'POST', json: input }),
    onSuccess: async () => {
      for (const queryKey of [activityQuery().queryKey, browserSessionsQuery().queryKey, devicesQuery().queryKey]) await queryClient.invalidateQueries({ queryKey });
    },
  });
}
