import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { accountMessages, changePasswordSchema, messages, PASSWORD_MAX, type ChangePasswordInput } from '@seva/shared';
import { Controller } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import type { ResultPlace } from '../../lib/use-action-result.ts';

const DEFAULTS = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOthers: true, unpairGlasses: false };

type ChangePasswordSectionProps = {
  /** Sends the change to the account's endpoint; answers what the section says once it is done. */
  change: (input: ChangePasswordInput) => Promise<string>;
  /** Where the screen shows what the change did: in this section, below its button. */
  result: ResultPlace;
  /** 'Sign out every other browser' and 'Unpair all my glasses too': a wearer's account has them, a helper's not. */
  withAccountOptions?: boolean;
  /** Said in the section's own live region while the change is out (the helper's profile says it; the wearer's not). */
  busyMessage?: string;
};

/**
 * 'Change password' on /profile, for a wearer (issue #21) and for a helper (issue #18): the current password, the new
 * one twice (SPEC's rules, each with 'Show'), and for a wearer 'Sign out every other browser' (on by default) and
 * 'Unpair all my glasses too' (off by default, D-040). Both sides check the same three fields the same way, so one
 * schema serves both; the helper's `change` sends only those three (D-056).
 * What changed is said below the button, and takes focus, as the form is emptied; it goes as the user types again or
 * submits (D-077). A refusal is said in the form's error summary, and on its field.
 */
export function ChangePasswordSection({ change, result, withAccountOptions = false, busyMessage }: ChangePasswordSectionProps) {
  const form = useZodForm(changePasswordSchema, { defaultValues: DEFAULTS });
  const { register, formState, reset, control } = form;
  const onSubmit = async (input: ChangePasswordInput) => {
    result.clear();
    const message = await change(input);
    reset(DEFAULTS);
    result.show(message);
  };
  const busy = form.sending;
  const localise = useLocalise();
  return (
    <section className="card account-section" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">{localise(accountMessages.changePassword)}</h2>
      {busyMessage ? <StatusRegion message={busy ? busyMessage : null} /> : null}
      <Form form={form} onSubmit={onSubmit} onInvalid={result.clear} onChange={result.clear} className="form">
        <PasswordField label={localise(accountMessages.currentPassword)} autoComplete="current-password" {...register('currentPassword')} error={formState.errors.currentPassword?.message} />
        <PasswordField
          label={localise(accountMessages.newPassword)}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={localise(messages.passwordHint)}
          {...register('newPassword')}
          error={formState.errors.newPassword?.message}
        />
        <PasswordField label={localise(accountMessages.confirmNewPassword)} autoComplete="new-password" maxLength={PASSWORD_MAX} {...register('confirmPassword')} error={formState.errors.confirmPassword?.message} />
        {withAccountOptions ? (
          <>
            <Controller
              control={control}
              name="signOutOthers"
              render={({ field }) => <CheckboxField label={localise(accountMessages.signOutOthersOption)} isSelected={field.value !== false} onChange={field.onChange} />}
            />
            <Controller
              control={control}
              name="unpairGlasses"
              render={({ field }) => (
                <CheckboxField label={localise(accountMessages.unpairGlassesOption)} hint={localise(accountMessages.unpairGlassesHint)} isSelected={field.value === true} onChange={field.onChange} />
              )}
            />
          </>
        ) : null}
        <Button type="submit" busy={busy}>
          {localise(accountMessages.changePassword)}
        </Button>
      </Form>
      <ResultBanner result={result.shown} />
    </section>
  );
}
