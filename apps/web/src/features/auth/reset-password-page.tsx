import { Trans, useLingui } from '@lingui/react/macro';
import { messages } from '@seva/shared';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordForm } from '../../components/password-reset/new-password-form.tsx';
import { PasswordChanged } from '../../components/password-reset/password-changed.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useResetLinkCheck } from './api/check-reset-token.ts';
import { useResetPassword } from './api/reset-password.ts';

/**
 * Where the reset e-mail's link leads. The link is checked when the page opens (issue #9), so a used or expired one
 * says so at once instead of after a new password is typed; then a new password under the same rules as sign-up.
 * The page is opened from an e-mail; the heading of the state the check leads to takes focus.
 */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();

  if (reset.isSuccess) return <PasswordChanged message={reset.data.message} signIn={<Link to={paths.login}>{t`Go to sign in`}</Link>} />;
  // A link the server refuses (used, unknown, expired); a failure on our side lets the user try the form.
  const refusal = !token ? messages.linkInvalid : check.error instanceof ApiError && check.error.status < 500 && !check.error.isNetworkError ? check.error.message : null;
  if (refusal) return <DeadLink message={refusal} />;
  if (check.isPending && token) {
    return (
      <section aria-labelledby="new-password-heading" className="card">
        <PageHeading id="new-password-heading" focusKey="checking">
          <Trans>Choose a new password</Trans>
        </PageHeading>
        <StatusRegion message={t`Checking your link…`} />
      </section>
    );
  }
  return <NewPasswordForm token={token} reset={reset.mutateAsync} withUnpairOption after={<Link to={paths.login}>{t`BACK TO LOGIN`}</Link>} />;
}

function DeadLink({ message }: { message: string }) {
  return (
    <section aria-labelledby="dead-link-heading" className="card">
      <PageHeading id="dead-link-heading" focusKey="dead" focusOnLoad>
        <Trans>This link cannot be used</Trans>
      </PageHeading>
      <StatusRegion tone="error" message={message} />
      <p>
        <Trans>Reset links work once and for 1 hour. Ask for a new one and use the newest e-mail.</Trans>
      </p>
      <p>
        <Link to={paths.forgotPassword}>
          <Trans>Ask for a new reset link</Trans>
        </Link>
      </p>
      <p>
        <Link to={paths.login}>
          <Trans>BACK TO LOGIN</Trans>
        </Link>
      </p>
    </section>
  );
}
