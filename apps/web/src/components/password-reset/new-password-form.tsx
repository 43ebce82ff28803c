import { Trans, useLingui } from '@lingui/react/macro';
import { accountMessages, messages, PASSWORD_MAX, type NewPasswordInput } from '@seva/shared';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { CheckboxField } from '../ui/checkbox-field.tsx';
import { Form, useZodForm } from '../ui/form.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { StatusRegion } from '../ui/status-region.tsx';

type NewPasswordFormProps = {
  /** The e-mailed link's token; a link without one is said at once in the status region. */
  token: string;
  /** Sends the new password (the wearer's endpoint or the helper's). */
  reset: (input: NewPasswordInput) => Promise<unknown>;
  /** 'Unpair all my glasses too', on by default: a wearer's reset has it, a helper's not (issue #20, D-040). */
  withUnpairOption?: boolean;
  /** The link under the form. */
  after: ReactNode;
};

/**
 * 'Choose a new password', where a reset e-mail's link leads: the new password twice under the same rules as sign-up.
 * The wearer's and the helper's reset pages both show it (D-056). The page is opened from an e-mail, so its heading takes
 * focus. A refused link is said, after a submit, in the form's error summary.
 */
export function NewPasswordForm({ token, reset, withUnpairOption = false, after }: NewPasswordFormProps) {
  const { t } = useLingui();
  const form = useZodForm(() => import('../../lib/form-rules/new-password.ts'), { defaultValues: { token, password: '', confirmPassword: '', ...(withUnpairOption ? { unpairGlasses: true } : {}) } });
  const { register, formState, control } = form;

  const onSubmit = async (input: NewPasswordInput) => {
    await reset(input);
  };

  const busy = form.sending;
  return (
    <section aria-labelledby="new-password-heading" className="card">
      <PageHeading id="new-password-heading" focusKey="form" focusOnLoad>
        <Trans>Choose a new password</Trans>
      </PageHeading>
      <StatusRegion tone={token ? 'info' : 'error'} message={token ? (busy ? t`Saving your new password…` : null) : messages.linkInvalid} />
      <Form form={form} onSubmit={onSubmit} className="form">
        <input type="hidden" {...register('token')} />
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={messages.passwordHint}
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <PasswordField
          label={t`Confirm new password`}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...register('confirmPassword')}
          error={formState.errors.confirmPassword?.message}
        />
        {withUnpairOption ? (
          <Controller
            control={control}
            name="unpairGlasses"
            render={({ field }) => (
              <CheckboxField label={accountMessages.unpairGlassesOption} hint={accountMessages.unpairGlassesHint} isSelected={field.value !== false} onChange={field.onChange} />
            )}
          />
        ) : null}
        <Button type="submit" busy={busy}>
          <Trans>Save new password</Trans>
        </Button>
      </Form>
      <p>{after}</p>
    </section>
  );
}
