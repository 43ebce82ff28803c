import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/helper-invitations/decline: the link stops working. */
export function useDeclineInvitation() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<void>('/api/helper-invitations/decline', { json: { token } }),
  });
}
