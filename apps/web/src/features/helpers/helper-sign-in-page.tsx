import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { actingForMessages, helperMessages, messages, type HelperSignInInput } from '@seva/shared';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import { useSignedIn, type LoginState } from '../../lib/session.ts';
import { useHelperSignIn } from './api/helper-sign-in.ts';

/**
 * /helper/sign-in, reached from /login's 'Sign in as a helper' (issue #18): 'Email', 'Password', 'Sign in'. A helper
 * who acts for one wearer goes to /dashboard; one who helps several chooses first.
 */
export function HelperSignInPage() {
  const { t } = useLingui();
  const localise = useLocalise();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const notice = (useLocation().state as LoginState | null)?.notice;
  const signIn = useHelperSignIn();
  const form = useZodForm(() => import('../../lib/form-rules/helper-sign-in.ts'), { fallbackFailure: messages.authenticationFailed, defaultValues: { email: '', password: '' } });
  const { register, formState } = form;

  if (signedIn.data && !signIn.isPending && !formState.isSubmitting) {
    return <Navigate to={signedIn.data.user ? paths.dashboard : paths.helperChoose} replace />;
  }

  const onSubmit = async (input: HelperSignInInput) => {
    const answer = await signIn.mutateAsync(input);
    navigate(answer.user ? paths.dashboard : paths.helperChoose, { replace: true });
  };

  const busy = form.sending;
  return (
    <section aria-labelledby="helper-sign-in-heading" className="card">
      <PageHeading id="helper-sign-in-heading">{actingForMessages.signInAsHelper}</PageHeading>
      <p>
        <Trans>For someone who helps a SEVA wearer set up their glasses, with the e-mail address the invitation was sent to.</Trans>
      </p>
      <StatusRegion message={busy ? t`Signing in…` : form.refusal ? null : notice} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label={t`Email`} type="email" autoComplete="username" spellCheck={false} {...register('email')} error={formState.errors.email?.message} />
        <PasswordField label={t`Password`} autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
        <Button type="submit" busy={busy}>
          <Trans>Sign in</Trans>
        </Button>
      </Form>
      <p>
        <Link to={paths.helperForgotPassword}>{localise(helperMessages.forgotPassword)}</Link>
      </p>
      <p>
        <Trans>
          Wearing SEVA glasses? <Link to={paths.login}>Sign in with your license ID</Link>
        </Trans>
      </p>
    </section>
  );
}
