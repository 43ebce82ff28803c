import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { leaveEndedSession, useSessionEnded } from '../../lib/session.ts';

/**
 * Shown when a save was refused because the session had ended (issue #9): the screen and what the user typed stay;
 * this says why nothing was saved and leads to /login, which comes back here after signing in (the route guard
 * passes the page along). Focus moves here, as to an error summary, since nothing else on the page can work now.
 */
export function SessionEndedNotice() {
  const ended = useSessionEnded();
  const queryClient = useQueryClient();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ended) box.current?.focus();
  }, [ended]);
  if (!ended) return null;
  return (
    <div ref={box} role="alert" tabIndex={-1} className="notice notice-error session-ended" aria-labelledby="session-ended-text">
      <p id="session-ended-text">
        <Trans>Your session has ended, so this was not saved. What you entered is kept on this device: sign in again to carry on.</Trans>
      </p>
      <Button onClick={() => leaveEndedSession(queryClient)}>
        <Trans>Sign in again</Trans>
      </Button>
    </div>
  );
}
