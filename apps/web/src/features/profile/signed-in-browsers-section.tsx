import { accountMessages, browserDescription, type BrowserSession } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useBrowserSessions } from './api/get-browser-sessions.ts';
import { useSignOutBrowser, useSignOutOtherBrowsers } from './api/sign-out-browser.ts';
import { formatDateTime } from '../../lib/dates.ts';

const LOADING_BROWSERS = 'Loading your signed-in browsers…';
const browsersLoadFailed = (message: string) => `Your signed-in browsers could not be loaded: ${message}`;
const signOutFailed = (message: string) => `Failed to sign the browser out: ${message}`;

const lastActive = (session: BrowserSession) => (session.current ? 'Active now' : `Last active ${formatDateTime(session.lastActiveAt)}`);

/**
 * /profile's 'Signed-in browsers' (issue #12): every browser signed in to the account, by browser and system, when
 * each was last active, 'This browser' on this one, 'Sign out' on each other one (named with the browser and when it
 * was last active, so two alike differ) and 'Sign out all other browsers'. What happened is said through the page's
 * status region; focus goes to the heading, since the row that held it is gone.
 */
export function SignedInBrowsersSection({ onMessage, onFailure }: { onMessage: (message: string) => void; onFailure: (message: string) => void }) {
  const sessions = useBrowserSessions();
  const signOut = useSignOutBrowser();
  const signOutOthers = useSignOutOtherBrowsers();
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) heading.current?.focus();
  }, [focusRequest]);

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      onMessage((await action()).message);
      setFocusRequest((n) => n + 1);
    } catch (error) {
      onFailure(signOutFailed(error instanceof Error ? error.message : String(error)));
    }
  };
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <section className="card account-section" aria-labelledby="signed-in-browsers-heading">
      <h2 id="signed-in-browsers-heading" ref={heading} tabIndex={-1}>
        {accountMessages.signedInBrowsersHeading}
      </h2>
      {sessions.isPending ? <p>{LOADING_BROWSERS}</p> : null}
      {sessions.isError ? <p className="field-error">{browsersLoadFailed(sessions.error.message)}</p> : null}
      {sessions.data ? (
        <>
          <ul className="account-list">
            {sessions.data.map((session) => (
              <li key={session.id} className="account-item">
                <h3 className="account-item-name">{browserDescription(session)}</h3>
                <p className="account-item-detail">
                  {session.current ? <strong className="this-browser">{accountMessages.thisBrowser}. </strong> : null}
                  {session.current ? lastActive(session) : <time dateTime={session.lastActiveAt}>{lastActive(session)}</time>}.
                  Signed in <time dateTime={session.signedInAt}>{formatDateTime(session.signedInAt)}</time>.
                </p>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    busy={signOut.isPending && signOut.variables?.id === session.id}
                    aria-label={`${accountMessages.signOut} ${browserDescription(session)}, last active ${formatDateTime(session.lastActiveAt)}`}
                    onClick={() => void run(() => signOut.mutateAsync(session))}
                  >
                    {accountMessages.signOut}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <Button variant="secondary" busy={signOutOthers.isPending} onClick={() => void run(() => signOutOthers.mutateAsync())}>
              {accountMessages.signOutOthers}
            </Button>
          ) : (
            <p>{accountMessages.noOtherBrowsers}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
