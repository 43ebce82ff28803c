import { useLingui } from '@lingui/react/macro';
import { helperRemovedMessage, removeHelper, type HelperSummary } from '@seva/shared';
import { useState } from 'react';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useRemoveHelper } from './api/remove-helper.ts';

const CONSEQUENCE_ID = 'remove-helper-consequence';

/** 'Remove {helper}' (issue #18), confirmed in an alert dialog that says what changes; 'Cancel' leaves everything. */
export function RemoveHelperDialog({ helper, onClose, onRemoved }: { helper: HelperSummary | null; onClose: () => void; onRemoved: (message: string) => void }) {
  const { t } = useLingui();
  const name = helper?.name;
  return (
    <ModalDialog title={helper ? t`Remove ${name}?` : t`Remove helper?`} role="alertdialog" isOpen={helper !== null} onClose={onClose} describedBy={CONSEQUENCE_ID}>
      {helper ? <RemoveConfirm helper={helper} onCancel={onClose} onRemoved={onRemoved} /> : null}
    </ModalDialog>
  );
}

function RemoveConfirm({ helper, onCancel, onRemoved }: { helper: HelperSummary; onCancel: () => void; onRemoved: (message: string) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const remove = useRemoveHelper();
  const name = helper.name;
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(helper);
      onRemoved(helperRemovedMessage(helper.name));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(t`Failed to remove the helper: ${message}`);
    }
  };
  return (
    <>
      {/* What removing a helper does, said before it is done. */}
      <p id={CONSEQUENCE_ID}>{t`${name} will no longer be able to help with your glasses: their access ends at once, and we tell them by e-mail. What they did stays in your recent activity.`}</p>
      <DialogActions variant="danger" confirmLabel={localise(removeHelper(name))} busyMessage={t`Removing…`} busy={remove.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}
