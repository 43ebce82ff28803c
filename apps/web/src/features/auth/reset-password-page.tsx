import { messages, newPasswordSchema, PASSWORD_MAX, type NewPasswordInput } from '@seva/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import { useResetPassword } from './api/reset-password.ts';
import { placeServerError } from './server-error.ts';

/** Where the reset e-mail's link leads: choose a new password under the same rules as sign-up. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(newPasswordSchema, {
    defaultValues: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
  });
  const { register, setError, formState } = form;

  const onSubmit = async (input: NewPasswordInput) => {
    setFailure(null);
    try {
      await reset.mutateAsync(input);
    } catch (error) {
      setFailure(placeServerError(error, ['password', 'confirmPassword'], setError, messages.serverError));
    }
  };

  if (reset.isSuccess) {
    return (
      <section aria-labelledby="reset-done-heading" className="card">
        <PageHeading id="reset-done-heading" focusKey="done">
          Password changed
        </PageHeading>
        <StatusRegion tone="success" message={reset.data.message} />
        <p>
          <Link to={paths.login}>Go to Sign In</Link>
        </p>
      </section>
    );
  }
  const busy = formState.isSubmitting;
  const tokenError = formState.errors.token?.message;
  return (
    <section aria-labelledby="new-password-heading" className="card">
      <PageHeading id="new-password-heading">Choose a new password</PageHeading>
      <StatusRegion tone={failure || tokenError ? 'error' : 'info'} message={failure ?? tokenError ?? (busy ? 'Saving your new password…' : null)} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <input type="hidden" {...register('token')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={messages.passwordHint}
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...register('confirmPassword')}
          error={formState.errors.confirmPassword?.message}
        />
        <Button type="submit" busy={busy}>
          SAVE NEW PASSWORD
        </Button>
      </Form>
      <p>
        <Link to={paths.login}>BACK TO LOGIN</Link>
      </p>
    </section>
  );
}
