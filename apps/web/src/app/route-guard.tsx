import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { StatusRegion } from '../components/ui/status-region.tsx';
import { paths } from '../lib/paths.ts';
import { useDelayedRedirect } from '../lib/use-delayed-redirect.ts';
import { SESSION_ENDED_NOTICE, useSession, useSessionEnded, type LoginState } from '../lib/session.ts';

export interface SignedOutNotice {
  /** What a signed-out visitor is told before going to /login. */
  message: string;
  delayMs: number;
}

/**
 * Lets only a signed-in user through; others go to /login, at once or after the screen's own notice (SPEC §4).
 * /login is told the page asked for, and goes back to it after signing in; when the session ended while the user
 * was working here, it says so.
 */
export function RouteGuard({ children, signedOut }: { children: ReactNode; signedOut?: SignedOutNotice | undefined }) {
  const session = useSession();
  const ended = useSessionEnded();
  const location = useLocation();
  const isSignedOut = session.isSuccess && session.data === null;
  const from = location.pathname + location.search;
  const login = useMemo<LoginState>(() => ({ from, ...(ended ? { notice: SESSION_ENDED_NOTICE } : {}) }), [from, ended]);
  const notice = ended ? undefined : signedOut;
  useDelayedRedirect(isSignedOut && Boolean(notice), paths.login, notice?.delayMs ?? 0, login);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 400);
    return () => clearTimeout(timer);
  }, []);

  if (session.isPending) return <StatusRegion message={slow ? 'Checking your session…' : null} />;
  if (session.isError) return <StatusRegion tone="error" message={`Failed to load user data: ${session.error.message}`} />;
  if (session.data === null) {
    if (!notice) return <Navigate to={paths.login} replace state={login} />;
    return (
      <div className="page-narrow">
        <StatusRegion tone="error" message={notice.message} />
      </div>
    );
  }
  return <>{children}</>;
}
