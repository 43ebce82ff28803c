import { Trans, useLingui } from '@lingui/react/macro';
import { accountMessages, deleteAccountSchema, EMERGENCY_CALLING_STOPS, fill, RESTORE_WINDOW_DAYS, type DeleteAccountInput } from '@seva/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { forgetDeletedAccount } from '../../lib/session.ts';
import { useDeleteAccount } from './api/delete-account.ts';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';

/** Said in the form's error summary, in the page's language (localise). */
export const deleteFailedMessage = (message: string) => fill(/*i18n*/ 'Failed to delete your account: {message}', { message });

const WHAT_ID = 'delete-account-what';

/**
 * 'Delete my account': an alert dialog that says first that the glasses stop calling emergency contacts, then what
 * ends at once and what is erased after 14 days, and asks for the password; 'Delete account' closes the account,
 * 'Cancel' (or Escape) leaves everything. A wrong password gets SPEC's 'Invalid password' on the field.
 * Afterwards this tab forgets the account and goes to /login, which says 'Your account has been deleted.'
 */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ModalDialog title={t`Delete your account?`} role="alertdialog" isOpen={isOpen} onClose={onClose} describedBy={WHAT_ID}>
      {isOpen ? <DeleteAccountForm onCancel={onClose} /> : null}
    </ModalDialog>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const form = useZodForm(deleteAccountSchema, { defaultValues: { password: '' }, refusalWording: deleteFailedMessage });
  const { register, setFocus, formState } = form;

  // The dialog opens on the one field it asks for.
  useEffect(() => setFocus('password'), [setFocus]);

  // A wrong password is placed on its field by the form; any other refusal in its summary, as 'Failed to delete your account: …'.
  const onSubmit = async (input: DeleteAccountInput) => {
    await remove.mutateAsync(input);
    // The account is gone: nothing of it stays in this tab, and the route guard takes the user to /login, which says so.
    forgetDeletedAccount(queryClient);
  };

  const busy = form.sending;
  /** What ends at once (issue #21), said before it is done. */
  const endsAtOnce = [t`your glasses are unpaired`, t`every signed-in browser is signed out`, t`your helpers can no longer manage your account`, t`nobody can sign in to it`];
  /** What is erased after the restore window (issue #12), said before it is done. */
  const erased = [t`your account`, t`your faces and their photos`, t`your emergency contacts`, t`your activity`];
  const days = RESTORE_WINDOW_DAYS;
  // Quoted here: a message's apostrophe before a placeholder would escape it (ICU).
  const restoreLink = `'${localise(accountMessages.restoreAccount)}'`;
  const downloadButton = `'${localise(accountMessages.downloadData)}'`;
  return (
    <Form form={form} onSubmit={onSubmit} className="form">
      <div id={WHAT_ID}>
        <p className="warning-text">{localise(EMERGENCY_CALLING_STOPS)}</p>
        <p>
          <Trans>Your account closes at once:</Trans>
        </p>
        <ul>
          {endsAtOnce.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          {t({
            message: `We keep it ${days} days: the e-mail we send you has a ${restoreLink} link that brings it back. After ${days} days we erase, for good:`,
            comment: "{restoreLink} is the link's name in quotes: 'Restore my account'.",
          })}
        </p>
        <ul>
          {erased.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          <Trans comment="{downloadButton} is the button's name in quotes: 'Download my data'.">To keep a copy, use {downloadButton} first.</Trans>
        </p>
      </div>
      <PasswordField label={t`Password`} autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      <DialogActions variant="danger" confirmLabel={localise(accountMessages.confirmDelete)} busyMessage={t`Deleting your account…`} busy={busy} failure={null} onCancel={onCancel} />
    </Form>
  );
}
