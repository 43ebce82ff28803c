import { faceMessages, type FaceSummary } from '@seva/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { useDeleteFace } from './api/delete-face.ts';

/** SPEC §8: 'Failed to delete face: {message}'. */
export const deleteFailedMessage = (message: string) => `Failed to delete face: ${message}`;

const QUESTION_ID = 'delete-face-question';

/** SPEC §7: the delete is confirmed first, in an alert dialog (window.confirm is not dependable with screen readers). */
export function DeleteFaceDialog({ email, face, onClose, onDeleted }: { email: string; face: FaceSummary | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <ModalDialog title={face ? `Delete ${face.name}?` : 'Delete face?'} role="alertdialog" isOpen={face !== null} onClose={onClose} describedBy={QUESTION_ID}>
      {face ? <DeleteFaceConfirm email={email} face={face} onCancel={onClose} onDeleted={onDeleted} /> : null}
    </ModalDialog>
  );
}

function DeleteFaceConfirm({ email, face, onCancel, onDeleted }: { email: string; face: FaceSummary; onCancel: () => void; onDeleted: () => void }) {
  const remove = useDeleteFace(email);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(face.face_id);
      onDeleted();
    } catch (error) {
      setFailure(deleteFailedMessage(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <>
      <p id={QUESTION_ID}>{faceMessages.deleteConfirm}</p>
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (remove.isPending ? 'Deleting…' : null)} />
      <div className="actions">
        <Button variant="danger" busy={remove.isPending} onClick={confirm}>
          Delete
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
