import { useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordForm } from '../../components/password-reset/new-password-form.tsx';
import { PasswordChanged } from '../../components/password-reset/password-changed.tsx';
import { paths } from '../../lib/paths.ts';
import { useResetHelperPassword } from './api/helper-password-reset.ts';

const HELPER_PASSWORD_CHANGED = /*i18n*/ 'Your password has been changed. You can now sign in as a helper.';

/** /helper/reset-password?token=…, where a helper's reset e-mail leads: a new password under SPEC's rules (issue #18). */
export function HelperResetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetHelperPassword();

  if (reset.isSuccess) return <PasswordChanged message={HELPER_PASSWORD_CHANGED} signIn={<Link to={paths.helperSignIn}>{t`Go to helper sign-in`}</Link>} />;
  return <NewPasswordForm token={token} reset={reset.mutateAsync} after={<Link to={paths.helperForgotPassword}>{t`Ask for a new reset link`}</Link>} />;
}
