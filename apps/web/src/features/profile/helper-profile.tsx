import { Trans, useLingui } from '@lingui/react/macro';
import {
  actingForMessages,
  deleteAccountSchema,
  helperMessages,
  messages,
  stopHelping,
  stoppedHelpingMessage,
  type DeleteAccountInput,
  type HelperSessionInfo,
  type WearerRef,
} from '@seva/shared';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { paths } from '../../lib/paths.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { forgetDeletedAccount, useSignOutAndLeave } from '../../lib/session.ts';
import { useActionResult } from '../../lib/use-action-result.ts';
import { useChangeHelperPassword, useDeleteHelperAccount, useStopHelping } from './api/helper-account.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { LanguageSection } from './language-section.tsx';

const DELETE_HELPER_EXPLAINED = /*i18n*/ 'Delete your helper account for good: you stop helping everyone you help, and we tell each of them by e-mail.';

/**
 * /profile for a helper (issue #18): their own name and e-mail, whom they help with 'Stop helping {wearer}' (confirmed),
 * 'Change password', and 'Delete my helper account'. None of the wearer's account is shown here. What an action did
 * is shown in its section, beside what caused it, until the next action (D-077).
 */
export function HelperProfile({ helper }: { helper: HelperSessionInfo }) {
  const { t } = useLingui();
  const localise = useLocalise();
  // Quoted here: a message's apostrophe before a placeholder would escape it (ICU).
  const signInPage = `'${localise(actingForMessages.signInAsHelper)}'`;
  const results = useActionResult<'helping' | 'password'>();
  const helping = results.at('helping');
  const { signOut, isPending: signingOut } = useSignOutAndLeave();
  const [stopping, setStopping] = useState<WearerRef | null>(null);
  const [deleting, setDeleting] = useState(false);
  const changePassword = useChangeHelperPassword();

  return (
    <>
      <div className="page-title-row">
        <PageHeading>{screenHeadings[paths.profile]}</PageHeading>
        <Button variant="secondary" busy={signingOut} onClick={signOut}>
          <Trans>Sign Out</Trans>
        </Button>
      </div>
      <section className="card account-section" aria-labelledby="helper-account-heading">
        <h2 id="helper-account-heading">
          <Trans>Your helper account</Trans>
        </h2>
        <dl className="data-list">
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>{helper.name}</dd>
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd>{helper.email}</dd>
        </dl>
        <p className="field-hint">
          <Trans comment="{signInPage} is the page's name in quotes: 'Sign in as a helper'.">You sign in with this e-mail address on the page {signInPage}.</Trans>
        </p>
      </section>
      <section className="card account-section" aria-labelledby="helping-heading">
        <h2 id="helping-heading">
          <Trans>People you help</Trans>
        </h2>
        {helper.wearers.length === 0 ? <p>{localise(helperMessages.notHelpingAnyone)}</p> : null}
        <ul className="account-list">
          {helper.wearers.map((wearer) => (
            <li key={wearer.id} className="account-item">
              <h3 className="account-item-name">{wearer.username}</h3>
              <Button
                variant="secondary"
                onClick={() => {
                  helping.clear();
                  setStopping(wearer);
                }}
              >
                {localise(stopHelping(wearer.username))}
              </Button>
            </li>
          ))}
        </ul>
        <ResultBanner result={helping.shown} />
      </section>
      <LanguageSection aboutEmails={false} />
      <ChangePasswordSection
        change={async (input) => {
          await changePassword.mutateAsync(input);
          return helperMessages.passwordChanged;
        }}
        busyMessage={t`Changing your password…`}
        result={results.at('password')}
      />
      <section className="card account-section" aria-labelledby="delete-helper-heading">
        <h2 id="delete-helper-heading">
          <Trans>Delete your helper account</Trans>
        </h2>
        <p>{localise(DELETE_HELPER_EXPLAINED)}</p>
        <p className="actions">
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {localise(helperMessages.deleteHelperAccount)}
          </Button>
        </p>
      </section>
      <StopHelpingDialog
        wearer={stopping}
        onClose={() => setStopping(null)}
        onStopped={(text) => {
          setStopping(null);
          helping.show(text);
        }}
      />
      <DeleteHelperAccountDialog isOpen={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

const STOP_ID = 'stop-helping-consequence';

function StopHelpingDialog({ wearer, onClose, onStopped }: { wearer: WearerRef | null; onClose: () => void; onStopped: (message: string) => void }) {
  const { t } = useLingui();
  const name = wearer?.username;
  return (
    <ModalDialog title={wearer ? t`Stop helping ${name}?` : t`Stop helping?`} role="alertdialog" isOpen={wearer !== null} onClose={onClose} describedBy={STOP_ID}>
      {wearer ? <StopHelpingConfirm wearer={wearer} onCancel={onClose} onStopped={onStopped} /> : null}
    </ModalDialog>
  );
}

function StopHelpingConfirm({ wearer, onCancel, onStopped }: { wearer: WearerRef; onCancel: () => void; onStopped: (message: string) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const stop = useStopHelping();
  const [failure, setFailure] = useState<string | null>(null);
  const name = wearer.username;
  const confirm = async () => {
    setFailure(null);
    try {
      await stop.mutateAsync(wearer.id);
      onStopped(stoppedHelpingMessage(wearer.username));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.serverError);
    }
  };
  return (
    <>
      <p id={STOP_ID}>{t`You will no longer be able to manage ${name}'s faces and emergency contacts. We will tell ${name} by e-mail. They can invite you again.`}</p>
      <DialogActions variant="danger" confirmLabel={localise(stopHelping(name))} busyMessage={t`Stopping…`} busy={stop.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}

const DELETE_ID = 'delete-helper-what';

function DeleteHelperAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ModalDialog title={t`Delete your helper account?`} role="alertdialog" isOpen={isOpen} onClose={onClose} describedBy={DELETE_ID}>
      {isOpen ? <DeleteHelperAccountForm onCancel={onClose} /> : null}
    </ModalDialog>
  );
}

function DeleteHelperAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const remove = useDeleteHelperAccount();
  const queryClient = useQueryClient();
  const form = useZodForm(deleteAccountSchema, { defaultValues: { password: '' } });
  const { register, setFocus, formState } = form;
  useEffect(() => setFocus('password'), [setFocus]);

  // A wrong password is placed on its field by the form; any other refusal in its summary.
  const onSubmit = async (input: DeleteAccountInput) => {
    await remove.mutateAsync(input);
    // The helper account is gone: nothing of it stays in this tab; the route guard goes to the helpers' sign-in page, which says so.
    forgetDeletedAccount(queryClient);
  };
  return (
    <Form form={form} onSubmit={onSubmit} className="form">
      <p id={DELETE_ID}>
        {localise(DELETE_HELPER_EXPLAINED)} <Trans>It cannot be undone.</Trans>
      </p>
      <PasswordField label={t`Password`} autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      <DialogActions variant="danger" confirmLabel={t`Delete helper account`} busyMessage={t`Deleting your helper account…`} busy={form.sending} failure={null} onCancel={onCancel} />
    </Form>
  );
}
