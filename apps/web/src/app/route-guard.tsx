import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { StatusRegion } from '../components/ui/status-region.tsx';
import { paths } from '../lib/paths.ts';
import { useDelayedRedirect } from '../lib/use-delayed-redirect.ts';
import { useSession } from '../lib/session.ts';

export interface SignedOutNotice {
  /** What a signed-out visitor is told before going to /login. */
  message: string;
  delayMs: number;
}

/** Lets only a signed-in user through; others go to /login, at once or after the screen's own notice (SPEC §4). */
export function RouteGuard({ children, signedOut }: { children: ReactNode; signedOut?: SignedOutNotice | undefined }) {
  const session = useSession();
  const location = useLocation();
  const isSignedOut = session.isSuccess && session.data === null;
  useDelayedRedirect(isSignedOut && Boolean(signedOut), paths.login, signedOut?.delayMs ?? 0, { from: location.pathname });
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 400);
    return () => clearTimeout(timer);
  }, []);

  if (session.isPending) return <StatusRegion message={slow ? 'Checking your session…' : null} />;
  if (session.isError) return <StatusRegion tone="error" message={`Failed to load user data: ${session.error.message}`} />;
  if (session.data === null) {
    if (!signedOut) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
    return (
      <div className="page-narrow">
        <StatusRegion tone="error" message={signedOut.message} />
      </div>
    );
  }
  return <>{children}</>;
}
