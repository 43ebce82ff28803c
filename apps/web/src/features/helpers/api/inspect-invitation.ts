import type { InvitationSummary } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/helper-invitations/inspect: whom the invitation link is from and for, asked when the page opens. */
const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['helper-invitation', token],
    queryFn: ({ signal }) => apiFetch<InvitationSummary>('/api/helper-invitations/inspect', { json: { token }, signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}
