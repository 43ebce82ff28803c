import { Trans, useLingui } from '@lingui/react/macro';
import { messages, type ResetRequestInput } from '@seva/shared';
import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { Form, useZodForm } from '../ui/form.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { StatusRegion } from '../ui/status-region.tsx';
import { TextField } from '../ui/text-field.tsx';

type ResetLinkRequestProps = {
  /** Asks the server for the link (the wearer's endpoint or the helper's). */
  request: (input: ResetRequestInput) => Promise<unknown>;
  heading: string;
  intro: string;
  submitLabel: string;
  /** What the confirmation says once the link is asked for. */
  sentMessage: (email: string) => string;
  /** The link back to the sign-in page, under the form and under the confirmation. */
  back: ReactNode;
};

/**
 * 'Forgot password?': an e-mail address, the button that asks for a reset link, then 'Check your e-mail' with what was
 * sent. The wearer's /forgot-password (issue #9) and the helper's /helper/forgot-password (issue #18) differ only in
 * their endpoint and words (D-056).
 */
export function ResetLinkRequest({ request, heading, intro, submitLabel, sentMessage, back }: ResetLinkRequestProps) {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(() => import('../../lib/form-rules/reset-request.ts'), { fallbackFailure: messages.resetFailed, defaultValues: { email: '' } });
  const { register, formState } = form;

  const onSubmit = async (input: ResetRequestInput) => {
    await request(input);
    setSentTo(input.email);
  };

  if (sentTo) {
    return (
      <section aria-labelledby="reset-sent-heading" className="card">
        <PageHeading id="reset-sent-heading" focusKey="sent">
          <Trans>Check your e-mail</Trans>
        </PageHeading>
        <StatusRegion tone="success" message={sentMessage(sentTo)} />
        <p>{back}</p>
      </section>
    );
  }
  const busy = form.sending;
  return (
    <section aria-labelledby="reset-heading" className="card">
      <PageHeading id="reset-heading" focusKey="forgot">
        {heading}
      </PageHeading>
      <p>{intro}</p>
      <StatusRegion message={busy ? t`Sending reset link…` : null} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label={t`Email`} type="email" autoComplete="email" {...register('email')} error={formState.errors.email?.message} />
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </Form>
      <p>{back}</p>
    </section>
  );
}
