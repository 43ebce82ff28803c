import { messages, type ResetRequestInput } from '@seva/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequestHelperPasswordReset } from './api/helper-password-reset.ts';

const HELPER_RESET_HEADING = 'Reset your helper password';

/** /helper/forgot-password: a helper asks for a reset link by e-mail, as a wearer does on /forgot-password (issue #18). */
export function HelperForgotPasswordPage() {
  const request = useRequestHelperPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(() => import('../../lib/form-rules/reset-request.ts'), { fallbackFailure: messages.resetFailed, defaultValues: { email: '' } });
  const { register, formState } = form;

  const onSubmit = async (input: ResetRequestInput) => {
    await request.mutateAsync(input);
    setSentTo(input.email);
  };

  const back = (
    <p>
      <Link to={paths.helperSignIn}>Back to helper sign-in</Link>
    </p>
  );
  if (sentTo) {
    return (
      <section aria-labelledby="helper-reset-sent-heading" className="card">
        <PageHeading id="helper-reset-sent-heading" focusKey="sent">
          Check your e-mail
        </PageHeading>
        <StatusRegion tone="success" message={`If ${sentTo} has a helper account, we sent it a password reset link. The link works once and expires in 1 hour.`} />
        {back}
      </section>
    );
  }
  const busy = form.sending;
  return (
    <section aria-labelledby="helper-reset-heading" className="card">
      <PageHeading id="helper-reset-heading" focusKey="forgot">
        {HELPER_RESET_HEADING}
      </PageHeading>
      <p>Enter the e-mail address you sign in with as a helper and we will send you a link to choose a new password.</p>
      <StatusRegion message={busy ? 'Sending reset link…' : null} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={formState.errors.email?.message} />
        <Button type="submit" busy={busy}>
          Send reset link
        </Button>
      </Form>
      {back}
    </section>
  );
}
