import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountMessages, messages, RESTORE_WINDOW_DAYS } from '@seva/shared';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useRestoreAccount } from './api/restore-account.ts';

/**
 * Where the deletion e-mail's 'Restore my account' link leads (issue #21). The restore happens on the button, not on
 * opening the page, so a mail scanner that opens links restores nothing; then the page says so and sends the user to
 * sign in with one link (not on a timer: a screen reader user decides when the page changes, D-041).
 */
export function RestoreAccountPage() {
  const { t } = useLingui();
  const localise = useLocalise();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const restore = useRestoreAccount();
  if (restore.isSuccess) {
    return (
      <section aria-labelledby="restored-heading" className="card">
        <PageHeading id="restored-heading" focusKey="restored" focusOnLoad>
          <Trans>Your account is back</Trans>
        </PageHeading>
        <StatusRegion tone="success" message={restore.data.message} />
        <p>
          <Trans>Your faces, emergency contacts and activity are as you left them. Pair your glasses again once you have signed in.</Trans>
        </p>
        <p className="actions">
          <Link to={paths.login} className="button button-primary">
            <Trans>Go to sign in</Trans>
          </Link>
        </p>
      </section>
    );
  }
  const failure = !token ? messages.linkInvalid : restore.isError ? restore.error.message : null;
  return (
    <section aria-labelledby="restore-heading" className="card">
      <PageHeading id="restore-heading" focusKey="restore" focusOnLoad>
        <Trans>Restore your account</Trans>
      </PageHeading>
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (restore.isPending ? t`Restoring your account…` : null)} />
      <p>
        <Trans>
          A deleted account can be restored for {RESTORE_WINDOW_DAYS} days with the link we e-mailed, unless a new account with its e-mail address has been
          verified meanwhile. Restoring brings back your faces, emergency contacts and activity; you then sign in and pair your glasses again.
        </Trans>
      </p>
      {token ? (
        <p className="actions">
          <Button busy={restore.isPending} onClick={() => restore.mutate(token)}>
            {localise(accountMessages.restoreAccount)}
          </Button>
        </p>
      ) : null}
      <p>
        <Link to={paths.login}>
          <Trans>BACK TO LOGIN</Trans>
        </Link>
      </p>
    </section>
  );
}
