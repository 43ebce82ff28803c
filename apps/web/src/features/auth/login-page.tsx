import { messages, signInSchema, type SignInInput } from '@seva/shared';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSignIn } from './api/sign-in.ts';
import { ForgotPasswordView } from './forgot-password-view.tsx';
import { placeServerError } from './server-error.ts';
import { VerificationRequiredView } from './verification-required-view.tsx';

type View = 'login' | 'forgot' | 'verify';

/** /login: sign-in by license ID, with the 'Forgot password?' and 'Verification Required' views (SPEC §2, §4). */
export function LoginPage() {
  const [view, setView] = useState<View>('login');
  const [pending, setPending] = useState<SignInInput | null>(null);
  const session = useSession();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;

  if (session.data) return <Navigate to={paths.dashboard} replace />;
  if (view === 'forgot') return <ForgotPasswordView onBack={() => setView('login')} />;
  if (view === 'verify' && pending) return <VerificationRequiredView credentials={pending} onBack={() => setView('login')} />;
  return (
    <LoginForm
      notice={notice}
      onForgot={() => setView('forgot')}
      onUnverified={(credentials) => {
        setPending(credentials);
        setView('verify');
      }}
    />
  );
}

function LoginForm({ notice, onForgot, onUnverified }: { notice: string | undefined; onForgot: () => void; onUnverified: (c: SignInInput) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signInSchema, { defaultValues: { licenseId: '', password: '' } });
  const { register, setError, formState } = form;
  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = async (input: SignInInput) => {
    setFailure(null);
    try {
      await signIn.mutateAsync(input);
      navigate(from && from !== paths.login ? from : paths.dashboard, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unverified') return onUnverified(input);
      setFailure(placeServerError(error, ['licenseId', 'password'], setError, messages.authenticationFailed));
    }
  };

  const busy = formState.isSubmitting;
  return (
    <section aria-labelledby="login-heading" className="card">
      <PageHeading id="login-heading">Sign in to SEVA</PageHeading>
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (busy ? 'Signing in…' : notice)} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label="License ID" autoComplete="username" spellCheck={false} {...register('licenseId')} error={formState.errors.licenseId?.message} />
        <TextField label="Password" type="password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
        <Button type="submit" busy={busy}>
          {busy ? 'SIGNING IN' : 'SIGN IN'}
        </Button>
      </Form>
      <p>
        <Button variant="link" onClick={onForgot}>
          Forgot password?
        </Button>
      </p>
      <p>
        New to SEVA? <Link to={paths.signup}>Register</Link>
      </p>
    </section>
  );
}
