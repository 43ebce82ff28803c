import type { BrowserSession, MessageAnswer, SignedOutOthersAnswer } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { browserSessionsQuery } from './get-browser-sessions.ts';

/** DELETE /api/account/sessions/:id: that browser is signed out on its next request; answers what to tell the user. */
export function useSignOutBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: BrowserSession) => apiFetch<MessageAnswer>(`/api/account/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, session) => queryClient.setQueryData<BrowserSession[]>(browserSessionsQuery().queryKey, (sessions) => sessions?.filter((s) => s.id !== session.id)),
    // Also after a refusal: a browser that signed out meanwhile leaves the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: browserSessionsQuery().queryKey }),
  });
}

/** POST /api/account/sessions/sign-out-others: every browser but this one is signed out. */
export function useSignOutOtherBrowsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SignedOutOthersAnswer>('/api/account/sessions/sign-out-others', { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: browserSessionsQuery().queryKey }),
  });
}
