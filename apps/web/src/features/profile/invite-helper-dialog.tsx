import { useLingui } from '@lingui/react/macro';
import { helperMessages, INVITATION_DAYS, inviteHelperSchema, MAX_HELPERS, type HelperSummary, type InviteHelperInput } from '@seva/shared';
import { useEffect } from 'react';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useInviteHelper } from './api/invite-helper.ts';

const ABOUT_ID = 'invite-helper-about';

/**
 * 'Invite a helper' (issue #18): "Helper's name" (the face-name rule) and "Helper's email"; 'Send invitation' sends the
 * e-mail. A refusal (the limit, an address that already helps, the wearer's own) is said on its field or in the dialog.
 */
export function InviteHelperDialog({ isOpen, onClose, onInvited }: { isOpen: boolean; onClose: () => void; onInvited: (helper: HelperSummary) => void }) {
  const localise = useLocalise();
  return (
    <ModalDialog title={localise(helperMessages.invite)} isOpen={isOpen} onClose={onClose} describedBy={ABOUT_ID}>
      {isOpen ? <InviteHelperForm onCancel={onClose} onInvited={onInvited} /> : null}
    </ModalDialog>
  );
}

function InviteHelperForm({ onCancel, onInvited }: { onCancel: () => void; onInvited: (helper: HelperSummary) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const invite = useInviteHelper();
  const form = useZodForm(inviteHelperSchema, { defaultValues: { name: '', email: '' } });
  const { register, setFocus, formState } = form;
  useEffect(() => setFocus('name'), [setFocus]);
  const days = INVITATION_DAYS;
  const max = MAX_HELPERS;

  const onSubmit = async (input: InviteHelperInput) => {
    onInvited((await invite.mutateAsync(input)).helper);
  };
  return (
    <Form form={form} onSubmit={onSubmit} className="form">
      <p id={ABOUT_ID}>{t`We e-mail them a link that works once, for ${days} days. They sign in with their own e-mail and password, never yours. You can have up to ${max} helpers.`}</p>
      <TextField label={localise(helperMessages.nameLabel)} autoComplete="off" {...register('name')} error={formState.errors.name?.message} />
      <TextField label={localise(helperMessages.emailLabel)} type="email" autoComplete="off" spellCheck={false} {...register('email')} error={formState.errors.email?.message} />
      <DialogActions confirmLabel={localise(helperMessages.sendInvitation)} busyMessage={t`Sending the invitation…`} busy={form.sending} failure={null} onCancel={onCancel} />
    </Form>
  );
}
