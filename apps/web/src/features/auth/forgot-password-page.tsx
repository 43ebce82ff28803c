import { messages, type ResetRequestInput } from '@seva/shared';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import type { LoginState } from '../../lib/session.ts';
import { useRequestPasswordReset } from './api/request-password-reset.ts';

/**
 * /forgot-password, SPEC's 'Forgot password?' view: e-mail, 'SEND RESET LINK', a confirmation, 'BACK TO LOGIN'. It has
 * its own address (issue #9), so the browser's Back returns to /login, and /login keeps the page it would return to.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const location = useLocation();
  const back: LoginState = { from: (location.state as LoginState | null)?.from };
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(() => import('../../lib/form-rules/reset-request.ts'), { fallbackFailure: messages.resetFailed, defaultValues: { email: '' } });
  const { register, formState } = form;

  const onSubmit = async (input: ResetRequestInput) => {
    await request.mutateAsync(input);
    setSentTo(input.email);
  };

  const backToLogin = (
    <Link to={paths.login} state={back} className="button button-secondary link-button">
      BACK TO LOGIN
    </Link>
  );
  if (sentTo) {
    return (
      <section aria-labelledby="reset-sent-heading" className="card">
        <PageHeading id="reset-sent-heading" focusKey="sent">
          Check your e-mail
        </PageHeading>
        <StatusRegion tone="success" message={`We sent a password reset link to ${sentTo}. The link works once and expires in 1 hour.`} />
        <p>{backToLogin}</p>
      </section>
    );
  }
  const busy = form.sending;
  return (
    <section aria-labelledby="reset-heading" className="card">
      <PageHeading id="reset-heading" focusKey="forgot">
        Reset your password
      </PageHeading>
      <p>Enter the e-mail address of your SEVA account and we will send you a link to choose a new password.</p>
      <StatusRegion message={busy ? 'Sending reset link…' : null} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={formState.errors.email?.message} />
        <Button type="submit" busy={busy}>
          SEND RESET LINK
        </Button>
      </Form>
      <p>{backToLogin}</p>
    </section>
  );
}
