import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { ResetLinkRequest } from '../../components/password-reset/reset-link-request.tsx';
import { paths } from '../../lib/paths.ts';
import type { LoginState } from '../../lib/session.ts';
import { useRequestPasswordReset } from './api/request-password-reset.ts';

/**
 * /forgot-password, SPEC's 'Forgot password?' view: e-mail, 'SEND RESET LINK', a confirmation, 'BACK TO LOGIN'. It has
 * its own address (issue #9), so the browser's Back returns to /login, and /login keeps the page it would return to.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const request = useRequestPasswordReset();
  const location = useLocation();
  const back: LoginState = { from: (location.state as LoginState | null)?.from };
  return (
    <ResetLinkRequest
      request={request.mutateAsync}
      heading={t`Reset your password`}
      intro={t`Enter the e-mail address of your SEVA account and we will send you a link to choose a new password.`}
      submitLabel={t`SEND RESET LINK`}
      sentMessage={(email) => t`We sent a password reset link to ${email}. The link works once and expires in 1 hour.`}
      back={
        <Link to={paths.login} state={back} className="button button-secondary link-button">
          <Trans>BACK TO LOGIN</Trans>
        </Link>
      }
    />
  );
}
