import { useLingui } from '@lingui/react/macro';
import { use, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { StatusRegion } from '../components/ui/status-region.tsx';
import { paths } from '../lib/paths.ts';
import { useDelayedRedirect } from '../lib/use-delayed-redirect.ts';
import { screenAt, type SignedOutNotice } from '../lib/screens.ts';
import { useLoginStateFor, useRecheckHelperOnNavigation, useSignedIn, useSignInPage } from '../lib/session.ts';
import { PrerenderedPage } from './prerendered-page.ts';

/**
 * Lets only a signed-in user through; others go to /login, at once or after the screen's own notice (product §4).
 * /login is told the page asked for, and goes back to it after signing in; when the session ended while the user
 * was working here, it says so. While it asks, the address the page arrived prerendered for (the server found the
 * browser signed in) keeps showing `whilePending`, what was prerendered, with the guard's status in it; any other
 * address shows only that status. The status says 'Checking your session…' once the answer is slow to come.
 * A helper (issue #18) passes while they act for a wearer; the session is asked again on each of their route changes.
 */
export function RouteGuard({ children, signedOut, whilePending }: { children: ReactNode; signedOut?: SignedOutNotice | undefined; whilePending?: (status: ReactNode) => ReactNode }) {
  const session = useSignedIn();
  const location = useLocation();
  useRecheckHelperOnNavigation(location.pathname);
  const arrivedDrawn = use(PrerenderedPage) === location.pathname;
  const isSignedOut = session.isSuccess && session.data === null;
  const login = useLoginStateFor(location.pathname + location.search);
  const { t } = useLingui();
  const signInPage = useSignInPage();
  // The screen's own notice is for visitors who were never signed in here; after a sign-out or an ended session,
  // /login says what happened at once.
  const notice = login.notice ? undefined : signedOut;
  useDelayedRedirect(isSignedOut && Boolean(notice), signInPage, notice?.delayMs ?? 0, login);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 400);
    return () => clearTimeout(timer);
  }, []);

  if (session.isPending) {
    const status = <StatusRegion message={slow ? t`Checking your session…` : null} />;
    return arrivedDrawn && whilePending ? whilePending(status) : status;
  }
  if (session.isError) {
    const reason = session.error.message;
    return <StatusRegion tone="error" message={t`Failed to load user data: ${reason}`} />;
  }
  if (session.data === null) {
    if (!notice) return <Navigate to={signInPage} replace state={login} />;
    return (
      <div className="page-narrow">
        <StatusRegion tone="error" message={notice.message} />
      </div>
    );
  }
  // A helper who acts for nobody now (several wearers, or the one they helped removed them) chooses first; their own
  // /profile needs no wearer (issue #18): the screens marked `withoutWearer`.
  if (!session.data.user && !screenAt(location.pathname)?.withoutWearer) return <Navigate to={paths.helperChoose} replace />;
  // Not wrapped: `children` then takes the place of `whilePending` in the tree, which keeps what both hold (the
  // navigation, and focus in it) instead of drawing it again.
  return children;
}
