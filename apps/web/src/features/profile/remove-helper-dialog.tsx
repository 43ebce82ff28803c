import { helperRemovedMessage, removeHelper, type HelperSummary } from '@seva/shared';
import { useState } from 'react';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useRemoveHelper } from './api/remove-helper.ts';

const CONSEQUENCE_ID = 'remove-helper-consequence';

/** What removing a helper does, said before it is done. */
const removeConsequence = (name: string) =>
  `${name} will no longer be able to help with your glasses: their access ends at once, and we tell them by e-mail. What they did stays in your recent activity.`;

const removeFailedMessage = (message: string) => `Failed to remove the helper: ${message}`;

/** 'Remove {helper}' (issue #18), confirmed in an alert dialog that says what changes; 'Cancel' leaves everything. */
export function RemoveHelperDialog({ helper, onClose, onRemoved }: { helper: HelperSummary | null; onClose: () => void; onRemoved: (message: string) => void }) {
  return (
    <ModalDialog title={helper ? `${removeHelper(helper.name)}?` : 'Remove helper?'} role="alertdialog" isOpen={helper !== null} onClose={onClose} describedBy={CONSEQUENCE_ID}>
      {helper ? <RemoveConfirm helper={helper} onCancel={onClose} onRemoved={onRemoved} /> : null}
    </ModalDialog>
  );
}

function RemoveConfirm({ helper, onCancel, onRemoved }: { helper: HelperSummary; onCancel: () => void; onRemoved: (message: string) => void }) {
  const remove = useRemoveHelper();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(helper);
      onRemoved(helperRemovedMessage(helper.name));
    } catch (error) {
      setFailure(removeFailedMessage(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <>
      <p id={CONSEQUENCE_ID}>{removeConsequence(helper.name)}</p>
      <DialogActions variant="danger" confirmLabel={removeHelper(helper.name)} busyMessage="Removing…" busy={remove.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}
