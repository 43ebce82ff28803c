import { accountMessages, changePasswordSchema, messages, PASSWORD_MAX, type ChangePasswordInput } from '@seva/shared';
import { Controller } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { useChangePassword } from './api/change-password.ts';

const DEFAULTS = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOthers: true, unpairGlasses: false };

/**
 * 'Change password' on /profile (issue #21): the current password, the new one twice (SPEC's rules, each with
 * 'Show'), 'Sign out every other browser' (on by default) and 'Unpair all my glasses too' (off by default, D-040).
 * What changed is said in the page's one status region; a refusal in the form's error summary, and on its field.
 */
export function ChangePasswordSection({ onMessage }: { onMessage: (message: string) => void }) {
  const change = useChangePassword();
  const form = useZodForm(changePasswordSchema, { defaultValues: DEFAULTS });
  const { register, formState, reset, control } = form;
  const onSubmit = async (input: ChangePasswordInput) => {
    const answer = await change.mutateAsync(input);
    reset(DEFAULTS);
    onMessage(answer.message);
  };
  const busy = form.sending;
  return (
    <section className="card account-section" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">{accountMessages.changePassword}</h2>
      <Form form={form} onSubmit={onSubmit} className="form">
        <PasswordField label={accountMessages.currentPassword} autoComplete="current-password" {...register('currentPassword')} error={formState.errors.currentPassword?.message} />
        <PasswordField
          label={accountMessages.newPassword}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={messages.passwordHint}
          {...register('newPassword')}
          error={formState.errors.newPassword?.message}
        />
        <PasswordField label={accountMessages.confirmNewPassword} autoComplete="new-password" maxLength={PASSWORD_MAX} {...register('confirmPassword')} error={formState.errors.confirmPassword?.message} />
        <Controller
          control={control}
          name="signOutOthers"
          render={({ field }) => <CheckboxField label={accountMessages.signOutOthersOption} isSelected={field.value !== false} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="unpairGlasses"
          render={({ field }) => (
            <CheckboxField label={accountMessages.unpairGlassesOption} hint={accountMessages.unpairGlassesHint} isSelected={field.value === true} onChange={field.onChange} />
          )}
        />
        <Button type="submit" busy={busy}>
          {accountMessages.changePassword}
        </Button>
      </Form>
    </section>
  );
}
