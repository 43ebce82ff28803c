import { actingForMessages, messages, type SignInInput } from '@seva/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { paths } from '../../lib/paths.ts';
import { safeReturnPath, useSession, type LoginState } from '../../lib/session.ts';
import { useSignIn } from './api/sign-in.ts';
import { VerificationRequiredView } from './verification-required-view.tsx';

/** Where /login was sent from: the page to return to after signing in, and what to say first. */
function useLoginState(): { state: LoginState; returnTo: string | undefined; notice: string | undefined } {
  const state = (useLocation().state ?? {}) as LoginState;
  const returnTo = safeReturnPath(state.from);
  // A visitor sent here from a page they asked for hears why; sign-out, sign-up and an ended session say their own.
  return { state, returnTo, notice: state.notice ?? (returnTo ? messages.signInRequired : undefined) };
}

/**
 * /login: sign-in by license ID, with the 'Verification Required' view (product §2, §4). After signing in the user
 * goes back to the page they asked for (issue #9), else to /dashboard. 'Forgot password?' has its own address.
 */
export function LoginPage() {
  const [pending, setPending] = useState<SignInInput | null>(null);
  const session = useSession();
  const { state, returnTo, notice } = useLoginState();

  if (session.data) return <Navigate to={returnTo ?? paths.dashboard} replace />;
  if (pending) return <VerificationRequiredView credentials={pending} onBack={() => setPending(null)} />;
  return <LoginForm notice={notice} returnTo={returnTo} state={state} onUnverified={setPending} />;
}

function LoginForm({ notice, returnTo, state, onUnverified }: { notice: string | undefined; returnTo: string | undefined; state: LoginState; onUnverified: (c: SignInInput) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useZodForm(() => import('../../lib/form-rules/sign-in.ts'), { fallbackFailure: messages.authenticationFailed, defaultValues: { licenseId: '', password: '' } });
  const { register, formState } = form;

  const onSubmit = async (input: SignInInput) => {
    try {
      await signIn.mutateAsync(input);
      navigate(returnTo ?? paths.dashboard, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unverified') return onUnverified(input);
      throw error;
    }
  };

  const busy = form.sending;
  return (
    <section aria-labelledby="login-heading" className="card">
      <PageHeading id="login-heading">
        <Trans>Sign in to SEVA</Trans>
      </PageHeading>
      <StatusRegion message={busy ? t`Signing in…` : form.refusal ? null : notice && localise(notice)} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label={t`License ID`} autoComplete="username" spellCheck={false} {...register('licenseId')} error={formState.errors.licenseId?.message} />
        <PasswordField label={t`Password`} autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
        <Button type="submit" busy={busy}>
          {busy ? t`SIGNING IN` : t`SIGN IN`}
        </Button>
      </Form>
      <p>
        <Link to={paths.forgotPassword} state={{ from: state.from } satisfies LoginState}>
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
      <p>
        <Trans>
          New to SEVA? <Link to={paths.signup}>Register</Link>
        </Trans>
      </p>
      <p>
        <Trans>Helping someone with their glasses?</Trans> <Link to={paths.helperSignIn}>{localise(actingForMessages.signInAsHelper)}</Link>
      </p>
    </section>
  );
}
