import { Trans, useLingui } from '@lingui/react/macro';
import { accountMessages, browserDescription, type BrowserSession } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { useBrowserSessions } from './api/get-browser-sessions.ts';
import { useSignOutBrowser, useSignOutOtherBrowsers } from './api/sign-out-browser.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import type { ResultPlace } from '../../lib/use-action-result.ts';

/**
 * /profile's 'Signed-in browsers' (issue #12): every browser signed in to the account, by browser and system, when
 * each was last active, 'This browser' on this one, 'Sign out' on each other one (named with the browser and when it
 * was last active, so two alike differ) and 'Sign out all other browsers'. What was signed out is said below the list,
 * and takes focus, since the row or button that held it is gone (D-077); a failure through the page's status region.
 */
export function SignedInBrowsersSection({ result, onFailure }: { result: ResultPlace; onFailure: (message: string) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const sessions = useBrowserSessions();
  const signOut = useSignOutBrowser();
  const signOutOthers = useSignOutOtherBrowsers();

  const run = async (action: () => Promise<{ message: string }>) => {
    result.clear();
    try {
      result.show((await action()).message);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      onFailure(t`Failed to sign the browser out: ${message}`);
    }
  };
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const loadFailure = sessions.error?.message;
  /** 'Chrome on Linux', an unknown browser or system named in the page's language too. */
  const describe = (session: BrowserSession) => localise(browserDescription({ browser: localise(session.browser), system: localise(session.system) }));

  return (
    <section className="card account-section" aria-labelledby="signed-in-browsers-heading">
      <h2 id="signed-in-browsers-heading">
        {localise(accountMessages.signedInBrowsersHeading)}
      </h2>
      {sessions.isPending ? (
        <p>
          <Trans>Loading your signed-in browsers…</Trans>
        </p>
      ) : null}
      {sessions.isError ? (
        <p className="field-error">
          <Trans>Your signed-in browsers could not be loaded: {loadFailure}</Trans>
        </p>
      ) : null}
      {sessions.data ? (
        <>
          <ul className="account-list">
            {sessions.data.map((session) => {
              const description = describe(session);
              const lastActive = formatDateTime(session.lastActiveAt);
              const signedIn = formatDateTime(session.signedInAt);
              return (
                <li key={session.id} className="account-item">
                  <h3 className="account-item-name">{description}</h3>
                  <p className="account-item-detail">
                    {session.current ? (
                      <>
                        <strong className="this-browser">{localise(accountMessages.thisBrowser)}. </strong>
                        <Trans>Active now.</Trans>
                      </>
                    ) : (
                      <Trans>
                        <time dateTime={session.lastActiveAt}>Last active {lastActive}</time>.
                      </Trans>
                    )}{' '}
                    <Trans>
                      Signed in <time dateTime={session.signedInAt}>{signedIn}</time>.
                    </Trans>
                  </p>
                  {session.current ? null : (
                    <Button
                      variant="secondary"
                      busy={signOut.isPending && signOut.variables?.id === session.id}
                      aria-label={t`Sign out ${description}, last active ${lastActive}`}
                      onClick={() => void run(() => signOut.mutateAsync(session))}
                    >
                      {localise(accountMessages.signOut)}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <ResultBanner result={result.shown} />
          {others.length > 0 ? (
            <Button variant="secondary" busy={signOutOthers.isPending} onClick={() => void run(() => signOutOthers.mutateAsync())}>
              {localise(accountMessages.signOutOthers)}
            </Button>
          ) : (
            <p>{localise(accountMessages.noOtherBrowsers)}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
