import { accountMessages, type SessionUser } from '@seva/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from './api-client.ts';
import { discardAllDrafts } from './drafts.ts';
import { paths } from './paths.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The signed-in user, or null when there is none. Every protected screen asks this. Asking is not a failure: the
 * server answers `{ user: null }` when nobody is signed in, so a public page logs no failed request (issue #14).
 */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => (await apiFetch<{ user: SessionUser | null }>('/api/auth/session')).user,
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** What /login says after the user signed out (issue #9). */
export const SIGNED_OUT_NOTICE = 'You have signed out.';
/** What /login says when the session ended while the user was working (issue #9). */
export const SESSION_ENDED_NOTICE = 'Your session has ended. Sign in again to go back to where you were; what you had entered is kept.';

/** What /login reads from the address it was sent to: where to go after signing in, and what to say first. */
export interface LoginState {
  from?: string;
  notice?: string;
}

/**
 * Why the session is gone, while the screens still know: 'ended' (a save found it expired; the screen stays and
 * says so) or 'signed-out' (the user chose to). The route guard words /login's first message from it.
 */
type SessionEnd = 'ended' | 'signed-out' | 'account-deleted' | null;
const sessionEndKey = ['session-end'] as const;
const keepOnSignOut = (key: unknown) => key === sessionQueryKey[0] || key === sessionEndKey[0];

function useSessionEnd(): SessionEnd {
  return useQuery<SessionEnd>({ queryKey: sessionEndKey, queryFn: () => null, enabled: false, initialData: null, staleTime: Infinity }).data;
}

/** Whether a save was refused because the session had ended while the screen still shows the user's work. */
export function useSessionEnded(): boolean {
  return useSessionEnd() === 'ended';
}

/** What /login is told when the route guard sends a signed-out visitor there from `from`. */
export function useLoginStateFor(from: string): LoginState {
  const end = useSessionEnd();
  return useMemo(() => {
    if (end === 'signed-out') return { notice: SIGNED_OUT_NOTICE };
    if (end === 'account-deleted') return { notice: accountMessages.accountDeleted };
    return { from, ...(end === 'ended' ? { notice: SESSION_ENDED_NOTICE } : {}) };
  }, [end, from]);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/sign-out', { method: 'POST' }),
    onSettled: () => {
      discardAllDrafts();
      queryClient.setQueryData<SessionEnd>(sessionEndKey, 'signed-out');
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => !keepOnSignOut(q.queryKey[0]) });
    },
  });
}

/**
 * The account was deleted (issue #12): nothing of it stays in this tab, and the route guard takes the user to /login,
 * which says 'Your account has been deleted.'
 */
export function forgetDeletedAccount(queryClient: QueryClient): void {
  discardAllDrafts();
  queryClient.setQueryData<SessionEnd>(sessionEndKey, 'account-deleted');
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => !keepOnSignOut(q.queryKey[0]) });
}

/**
 * Signs out and goes to /login, which says 'You have signed out.' (every 'Sign Out' control uses this). When the
 * control's screen goes first (the route guard sees nobody signed in), the guard goes to /login with the same notice.
 */
export function useSignOutAndLeave() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const leave = useCallback(
    () =>
      signOut.mutate(undefined, {
        onSettled: () => navigate(paths.login, { replace: true, state: { notice: SIGNED_OUT_NOTICE } satisfies LoginState }),
      }),
    [signOut, navigate],
  );
  return { signOut: leave, isPending: signOut.isPending };
}

/** A 401 from any call: a save while the screen is open keeps the screen and says so; anything else leaves for /login. */
export function onUnauthenticated(queryClient: QueryClient, source: 'query' | 'mutation'): void {
  const signedIn = Boolean(queryClient.getQueryData(sessionQueryKey));
  if (source === 'mutation' && signedIn) queryClient.setQueryData<SessionEnd>(sessionEndKey, 'ended');
  else queryClient.setQueryData(sessionQueryKey, null);
}

/**
 * The user chose to sign in again after their session ended: what the screens loaded is dropped (another person
 * may sign in on this tab) and the route guard takes them to /login, which will bring them back.
 */
export function leaveEndedSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !keepOnSignOut(q.queryKey[0]) });
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Signed in (again): neither notice is true any more. */
export function forgetSessionEnd(queryClient: QueryClient): void {
  queryClient.setQueryData<SessionEnd>(sessionEndKey, null);
}

/** Whether an error is the server saying nobody is signed in. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A `from` that is a page of this portal ('/sos'), never another site ('//evil.example'). */
export function safeReturnPath(from: string | undefined): string | undefined {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\') || from === paths.login) return undefined;
  return from;
}
