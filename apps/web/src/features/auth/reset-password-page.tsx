import { accountMessages, messages, PASSWORD_MAX, type NewPasswordInput } from '@seva/shared';
import { Controller } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
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
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <section aria-labelledby="reset-done-heading" className="card">
        <PageHeading id="reset-done-heading" focusKey="done" focusOnLoad>
          Password changed
        </PageHeading>
        <StatusRegion tone="success" message={reset.data.message} />
        <p>
          <Link to={paths.login}>Go to sign in</Link>
        </p>
      </section>
    );
  }
  // A link the server refuses (used, unknown, expired); a failure on our side lets the user try the form.
  const refusal = !token ? messages.linkInvalid : check.error instanceof ApiError && check.error.status < 500 && !check.error.isNetworkError ? check.error.message : null;
  if (refusal) return <DeadLink message={refusal} />;
  if (check.isPending && token) {
    return (
      <section aria-labelledby="new-password-heading" className="card">
        <PageHeading id="new-password-heading" focusKey="checking">
          Choose a new password
        </PageHeading>
        <StatusRegion message="Checking your link…" />
      </section>
    );
  }
  return <NewPasswordForm token={token} reset={reset} />;
}

function DeadLink({ message }: { message: string }) {
  return (
    <section aria-labelledby="dead-link-heading" className="card">
      <PageHeading id="dead-link-heading" focusKey="dead" focusOnLoad>
        This link cannot be used
      </PageHeading>
      <StatusRegion tone="error" message={message} />
      <p>Reset links work once and for 1 hour. Ask for a new one and use the newest e-mail.</p>
      <p>
        <Link to={paths.forgotPassword}>Ask for a new reset link</Link>
      </p>
      <p>
        <Link to={paths.login}>BACK TO LOGIN</Link>
      </p>
    </section>
  );
}

function NewPasswordForm({ token, reset }: { token: string; reset: ReturnType<typeof useResetPassword> }) {
  const form = useZodForm(() => import('../../lib/form-rules/new-password.ts'), { defaultValues: { token, password: '', confirmPassword: '', unpairGlasses: true } });
  const { register, formState, control } = form;

  const onSubmit = async (input: NewPasswordInput) => {
    await reset.mutateAsync(input);
  };

  const busy = form.sending;
  return (
    <section aria-labelledby="new-password-heading" className="card">
      <PageHeading id="new-password-heading" focusKey="form" focusOnLoad>
        Choose a new password
      </PageHeading>
      <StatusRegion message={busy ? 'Saving your new password…' : null} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <input type="hidden" {...register('token')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={messages.passwordHint}
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...register('confirmPassword')}
          error={formState.errors.confirmPassword?.message}
        />
        {/* After a reset the glasses are unpaired too unless the user keeps them (issue #20, D-040). */}
        <Controller
          control={control}
          name="unpairGlasses"
          render={({ field }) => (
            <CheckboxField label={accountMessages.unpairGlassesOption} hint={accountMessages.unpairGlassesHint} isSelected={field.value !== false} onChange={field.onChange} />
          )}
        />
        <Button type="submit" busy={busy}>
          Save new password
        </Button>
      </Form>
      <p>
        <Link to={paths.login}>BACK TO LOGIN</Link>
      </p>
    </section>
  );
}
