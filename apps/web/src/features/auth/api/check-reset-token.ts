import type { MessageAnswer } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/auth/check-reset-token: whether a reset link can still be used, asked when the reset page opens. */
const resetLinkCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: () => apiFetch<MessageAnswer>('/api/auth/check-reset-token', { json: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

export function useResetLinkCheck(token: string) {
  return useQuery(resetLinkCheckQuery(token));
}
