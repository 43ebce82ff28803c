import { messages, PASSWORD_MAX, type NewPasswordInput } from '@seva/shared';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useResetHelperPassword } from './api/helper-password-reset.ts';

const HELPER_PASSWORD_CHANGED = 'Your password has been changed. You can now sign in as a helper.';

/** /helper/reset-password?token=…, where a helper's reset e-mail leads: a new password under SPEC's rules (issue #18). */
export function HelperResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetHelperPassword();
  const form = useZodForm(() => import('../../lib/form-rules/new-password.ts'), { defaultValues: { token, password: '', confirmPassword: '' } });
  const { register, formState } = form;

  if (reset.isSuccess) {
    return (
      <section aria-labelledby="helper-reset-done-heading" className="card">
        <PageHeading id="helper-reset-done-heading" focusKey="done" focusOnLoad>
          Password changed
        </PageHeading>
        <StatusRegion tone="success" message={HELPER_PASSWORD_CHANGED} />
        <p>
          <Link to={paths.helperSignIn}>Go to helper sign-in</Link>
        </p>
      </section>
    );
  }

  const onSubmit = async (input: NewPasswordInput) => {
    await reset.mutateAsync(input);
  };
  const busy = form.sending;
  return (
    <section aria-labelledby="helper-new-password-heading" className="card">
      <PageHeading id="helper-new-password-heading" focusKey="form" focusOnLoad>
        Choose a new password
      </PageHeading>
      {/* A link without its token is said at once; a refused one, after a submit, in the form's error summary. */}
      <StatusRegion tone={token ? 'info' : 'error'} message={token ? (busy ? 'Saving your new password…' : null) : messages.linkInvalid} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <input type="hidden" {...register('token')} />
        <PasswordField label="New password" autoComplete="new-password" maxLength={PASSWORD_MAX} hint={messages.passwordHint} {...register('password')} error={formState.errors.password?.message} />
        <PasswordField label="Confirm new password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...register('confirmPassword')} error={formState.errors.confirmPassword?.message} />
        <Button type="submit" busy={busy}>
          Save new password
        </Button>
      </Form>
      <p>
        <Link to={paths.helperForgotPassword}>Ask for a new reset link</Link>
      </p>
    </section>
  );
}
