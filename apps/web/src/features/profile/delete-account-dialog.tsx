import { accountMessages, deleteAccountSchema, EMERGENCY_CALLING_STOPS, RESTORE_WINDOW_DAYS, type DeleteAccountInput } from '@seva/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { forgetDeletedAccount } from '../../lib/session.ts';
import { useDeleteAccount } from './api/delete-account.ts';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';

const DELETE_TITLE = 'Delete your account?';
/** What ends at once (issue #21), said before it is done. */
const ENDS_AT_ONCE = ['your glasses are unpaired', 'every signed-in browser is signed out', 'your helpers can no longer manage your account', 'nobody can sign in to it'];
/** What is erased after the restore window (issue #12), said before it is done. */
const ERASED = ['your account', 'your faces and their photos', 'your emergency contacts', 'your activity'];
const RESTORE_OFFER = `We keep it ${RESTORE_WINDOW_DAYS} days: the e-mail we send you has a '${accountMessages.restoreAccount}' link that brings it back. After ${RESTORE_WINDOW_DAYS} days we erase, for good:`;
export const deleteFailedMessage = (message: string) => `Failed to delete your account: ${message}`;

const WHAT_ID = 'delete-account-what';

/**
 * 'Delete my account': an alert dialog that says first that the glasses stop calling emergency contacts, then what
 * ends at once and what is erased after 14 days, and asks for the password; 'Delete account' closes the account,
 * 'Cancel' (or Escape) leaves everything. A wrong password gets SPEC's 'Invalid password' on the field.
 * Afterwards this tab forgets the account and goes to /login, which says 'Your account has been deleted.'
 */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <ModalDialog title={DELETE_TITLE} role="alertdialog" isOpen={isOpen} onClose={onClose} describedBy={WHAT_ID}>
      {isOpen ? <DeleteAccountForm onCancel={onClose} /> : null}
    </ModalDialog>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
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
  return (
    <Form form={form} onSubmit={onSubmit} className="form">
      <div id={WHAT_ID}>
        <p className="warning-text">{EMERGENCY_CALLING_STOPS}</p>
        <p>Your account closes at once:</p>
        <ul>
          {ENDS_AT_ONCE.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{RESTORE_OFFER}</p>
        <ul>
          {ERASED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>To keep a copy, use '{accountMessages.downloadData}' first.</p>
      </div>
      <PasswordField label="Password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      <DialogActions variant="danger" confirmLabel={accountMessages.confirmDelete} busyMessage="Deleting your account…" busy={busy} failure={null} onCancel={onCancel} />
    </Form>
  );
}
