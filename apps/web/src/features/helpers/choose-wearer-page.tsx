import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { helperMessages, messages, noLongerHelping, type HelperSessionInfo, type WearerRef } from '@seva/shared';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useSignedIn, useSignOutAndLeave } from '../../lib/session.ts';
import { useChooseWearer } from './api/choose-wearer.ts';

/** What the page says while it asks who is signed in. */
const CHECKING_SESSION = /*i18n*/ 'Checking your session…';

/**
 * /helper/choose (issue #18): a helper who helps several wearers chooses whom they help now; the shell's 'Switch'
 * leads here too. A helper the wearer has removed comes here on their next page, which says so first.
 */
export function ChooseWearerPage() {
  const signedIn = useSignedIn();
  if (signedIn.isPending) return <StatusRegion message={CHECKING_SESSION} />;
  if (signedIn.isError) return <StatusRegion tone="error" message={signedIn.error.message} />;
  if (!signedIn.data) return <Navigate to={paths.helperSignIn} replace />;
  if (!signedIn.data.helper) return <Navigate to={paths.dashboard} replace />;
  return <ChooseWearer helper={signedIn.data.helper} />;
}

function ChooseWearer({ helper }: { helper: HelperSessionInfo }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const choose = useChooseWearer();
  const navigate = useNavigate();
  const { signOut, isPending: signingOut } = useSignOutAndLeave();
  const [failure, setFailure] = useState<string | null>(null);
  const ended = helper.ended?.username;

  const onChoose = async (wearer: WearerRef) => {
    setFailure(null);
    try {
      await choose.mutateAsync(wearer.id);
      navigate(paths.dashboard);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.serverError);
    }
  };

  return (
    <section aria-labelledby="choose-heading" className="card">
      <PageHeading id="choose-heading" focusKey={ended ?? 'choose'} focusOnLoad>
        {ended ? noLongerHelping(ended) : helperMessages.chooseHeading}
      </PageHeading>
      {ended ? (
        <p>
          <Trans>They have ended your access to their SEVA account. Nothing you did for them is lost.</Trans>
        </p>
      ) : null}
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (choose.isPending ? t`Switching…` : null)} />
      {helper.wearers.length === 0 ? (
        <p>{localise(helperMessages.notHelpingAnyone)}</p>
      ) : (
        <>
          {ended ? <h2>{localise(helperMessages.chooseHeading)}</h2> : null}
          <ul className="choice-list">
            {helper.wearers.map((wearer) => {
              const current = helper.actingFor?.id === wearer.id;
              const username = wearer.username;
              return (
                <li key={wearer.id}>
                  <Button variant={current ? 'secondary' : 'primary'} busy={choose.isPending} aria-current={current || undefined} onClick={() => void onChoose(wearer)}>
                    <Trans>Help {username}</Trans>
                  </Button>
                  {current ? (
                    <span className="choice-note">
                      {' '}
                      <Trans>You are helping them now.</Trans>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p>
        <Link to={paths.profile}>
          <Trans>Your helper account</Trans>
        </Link>
      </p>
      <Button variant="secondary" busy={signingOut} onClick={signOut}>
        <Trans>Sign Out</Trans>
      </Button>
    </section>
  );
}
