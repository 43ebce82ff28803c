import { ACCOUNT_DELETED, HELPER_ACCOUNT_DELETED, type HelpedWearer, type HelperSessionInfo, type SessionAnswer, type SessionUser } from '@seva/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from './api-client.ts';
import { discardAllDrafts } from './drafts.ts';
import { paths } from './paths.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * Who is signed in, as GET /api/auth/session says it: a wearer (`user`, their whole record), or a helper (`helper`,
 * issue #18) with `user` the wearer they act for now, as a helper may see them (D-075), null until they choose one.
 * The query holds null when nobody is signed in.
 */
type SignedIn = { user: SessionUser; helper?: undefined } | { user: HelpedWearer | null; helper: HelperSessionInfo };

/** The answer of the session probe, of a sign-in or of an accepted invitation, as the session query keeps it. */
export function signedInFrom(answer: SessionAnswer): SignedIn | null {
  if ('helper' in answer) return { user: answer.user, helper: answer.helper };
  return answer.user ? { user: answer.user } : null;
}

/**
 * Who is signed in, or null when nobody is. Every protected screen asks this. Asking is not a failure: the server
 * answers `{ user: null }` when nobody is signed in, so a public page logs no failed request (issue #14).
 */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => signedInFrom(await apiFetch<SessionAnswer>('/api/auth/session')),
  staleTime: 60_000,
  retry: false,
});

/** The session as a whole: a wearer, a helper (and whom they help), or null. The route guard reads this. */
export function useSignedIn() {
  return useQuery(sessionQuery);
}

const userOf = (signedIn: SignedIn | null) => signedIn?.user ?? null;
const helperOf = (signedIn: SignedIn | null) => signedIn?.helper ?? null;

/**
 * The user the screens work for: the signed-in wearer, or the wearer a helper acts for now (null when nobody is, or
 * while a helper has not chosen).
 */
export function useSession() {
  return useQuery({ ...sessionQuery, select: userOf });
}

/** The signed-in helper, or null for a wearer (issue #18): screens hide what only the wearer may do. */
export function useHelper(): HelperSessionInfo | null {
  return useQuery({ ...sessionQuery, select: helperOf }).data ?? null;
}

/**
 * A helper's every move to another screen asks the session again (issue #18): the wearer may have removed them since,
 * and the next page then says so rather than failing call by call.
 */
export function useRecheckHelperOnNavigation(pathname: string): void {
  const queryClient = useQueryClient();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    if (queryClient.getQueryData<SignedIn | null>(sessionQueryKey)?.helper) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [pathname, queryClient]);
}

/**
 * Someone signed in (a sign-in, an accepted invitation, a chosen wearer): the session query holds them now, and
 * nothing loaded for whoever this tab worked for before stays (an invitation may be accepted in a browser where
 * someone else was signed in; a helper may switch to another wearer).
 */
export function setSignedIn(queryClient: QueryClient, signedIn: SignedIn | null): void {
  queryClient.removeQueries({ predicate: (q) => !keepOnSignOut(q.queryKey[0]) });
  forgetSessionEnd(queryClient);
  queryClient.setQueryData(sessionQueryKey, signedIn);
}

/** What /login says after the user signed out (issue #9). */
const SIGNED_OUT_NOTICE = /*i18n*/ 'You have signed out.';
/** What /login says when the session ended while the user was working (issue #9). */
const SESSION_ENDED_NOTICE = /*i18n*/ 'Your session has ended. Sign in again to go back to where you were; what you had entered is kept.';

/** What /login reads from the address it was sent to: where to go after signing in, and what to say first. */
export interface LoginState {
  from?: string;
  notice?: string;
}

/**
 * Why the session is gone, while the screens still know: 'ended' (a save found it expired; the screen stays and
 * says so) or 'signed-out' (the user chose to). The route guard words /login's first message from it.
 */
type SessionEnd = 'ended' | 'signed-out' | 'helper-signed-out' | 'account-deleted' | 'helper-account-deleted' | null;
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
    if (end === 'signed-out' || end === 'helper-signed-out') return { notice: SIGNED_OUT_NOTICE };
    if (end === 'account-deleted') return { notice: ACCOUNT_DELETED };
    if (end === 'helper-account-deleted') return { notice: HELPER_ACCOUNT_DELETED };
    return { from, ...(end === 'ended' ? { notice: SESSION_ENDED_NOTICE } : {}) };
  }, [end, from]);
}

/**
 * Where a signed-out visitor signs in: a helper who has just signed out, or deleted their helper account, goes to the
 * helpers' page (issue #18).
 */
export function useSignInPage(): typeof paths.login | typeof paths.helperSignIn {
  const end = useSessionEnd();
  return end === 'helper-signed-out' || end === 'helper-account-deleted' ? paths.helperSignIn : paths.login;
}

function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/sign-out', { method: 'POST' }),
    onSettled: () => {
      discardAllDrafts();
      const wasHelper = Boolean(queryClient.getQueryData<SignedIn | null>(sessionQueryKey)?.helper);
      queryClient.setQueryData<SessionEnd>(sessionEndKey, wasHelper ? 'helper-signed-out' : 'signed-out');
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => !keepOnSignOut(q.queryKey[0]) });
    },
  });
}

/**
 * The account was deleted (issue #12): nothing of it stays in this tab, and the route guard takes the user to /login,
 * which says 'Your account has been deleted.' (a helper's: /helper/sign-in, 'Your helper account has been deleted.').
 */
export function forgetDeletedAccount(queryClient: QueryClient): void {
  discardAllDrafts();
  const wasHelper = Boolean(queryClient.getQueryData<SignedIn | null>(sessionQueryKey)?.helper);
  queryClient.setQueryData<SessionEnd>(sessionEndKey, wasHelper ? 'helper-account-deleted' : 'account-deleted');
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => !keepOnSignOut(q.queryKey[0]) });
}

/**
 * Signs out and goes to /login (a helper to /helper/sign-in), which says 'You have signed out.' (every 'Sign Out' control uses this). When the
 * control's screen goes first (the route guard sees nobody signed in), the guard goes to /login with the same notice.
 */
export function useSignOutAndLeave() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  // A helper goes back to the helpers' sign-in page, where they will sign in next time.
  const to = useHelper() ? paths.helperSignIn : paths.login;
  const leave = useCallback(
    () =>
      signOut.mutate(undefined, {
        onSettled: () => navigate(to, { replace: true, state: { notice: SIGNED_OUT_NOTICE } satisfies LoginState }),
      }),
    [signOut, navigate, to],
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
function forgetSessionEnd(queryClient: QueryClient): void {
  queryClient.setQueryData<SessionEnd>(sessionEndKey, null);
}

/**
 * A 403 to a helper may mean the wearer has removed them or no longer lets them act (issue #18): the session is asked
 * again, and the route guard then says so in place of the screen.
 */
export function onForbidden(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 403) return;
  if (queryClient.getQueryData<SignedIn | null>(sessionQueryKey)?.helper) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
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
