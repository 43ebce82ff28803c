import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ResetLinkRequest } from '../../components/password-reset/reset-link-request.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequestHelperPasswordReset } from './api/helper-password-reset.ts';

/** /helper/forgot-password: a helper asks for a reset link by e-mail, as a wearer does on /forgot-password (issue #18). */
export function HelperForgotPasswordPage() {
  const { t } = useLingui();
  const request = useRequestHelperPasswordReset();
  return (
    <ResetLinkRequest
      request={request.mutateAsync}
      heading={t`Reset your helper password`}
      intro={t`Enter the e-mail address you sign in with as a helper and we will send you a link to choose a new password.`}
      submitLabel={t`Send reset link`}
      sentMessage={(email) => t`If ${email} has a helper account, we sent it a password reset link. The link works once and expires in 1 hour.`}
      back={<Link to={paths.helperSignIn}>{t`Back to helper sign-in`}</Link>}
    />
  );
}
