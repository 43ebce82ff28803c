import { faceMessages, PRODUCT_NAME, type FaceSummary } from '@seva/shared';
import { useState } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useDeleteFace } from './api/delete-face.ts';
import { FaceImage } from './face-image.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';

/** product §8: 'Failed to delete face: {message}'. */
export const deleteFailedMessage = (message: string) => `Failed to delete face: ${message}`;

/** product §8's 'Face deleted successfully', kept word for word, then whose face it was. */
export const faceDeletedMessage = (name: string) => `${faceMessages.deleted}: ${name}`;

/** What deleting a face does, said before it is done. */
const deleteConsequence = (name: string) =>
  `Your ${PRODUCT_NAME} glasses will stop recognising ${name}. The photo and what was learnt from it are deleted, and this cannot be undone.`;

const QUESTION_ID = 'delete-face-question';
const CONSEQUENCE_ID = 'delete-face-consequence';

/**
 * product §7: the delete is confirmed first, in an alert dialog (window.confirm is not dependable with screen readers). It
 * shows whose photo goes and what that changes; its Delete button is the one destructive-looking control.
 */
export function DeleteFaceDialog({
  email,
  face,
  onClose,
  onDeleted,
}: {
  email: string;
  face: FaceSummary | null;
  onClose: () => void;
  onDeleted: (face: FaceSummary) => void;
}) {
  return (
    <ModalDialog
      title={face ? `Delete ${face.name}?` : 'Delete face?'}
      role="alertdialog"
      isOpen={face !== null}
      onClose={onClose}
      describedBy={`${QUESTION_ID} ${CONSEQUENCE_ID}`}
    >
      {face ? <DeleteFaceConfirm email={email} face={face} onCancel={onClose} onDeleted={onDeleted} /> : null}
    </ModalDialog>
  );
}

function DeleteFaceConfirm({ email, face, onCancel, onDeleted }: { email: string; face: FaceSummary; onCancel: () => void; onDeleted: (face: FaceSummary) => void }) {
  const remove = useDeleteFace(email);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(face.face_id);
      onDeleted(face);
    } catch (error) {
      setFailure(deleteFailedMessage(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <>
      <div className="delete-face-summary">
        <FaceImage src={face.face_url} name={face.name} size={120} box={face.face_box} />
        <div>
          <p id={QUESTION_ID}>{faceMessages.deleteConfirm}</p>
          <p id={CONSEQUENCE_ID}>{deleteConsequence(face.name)}</p>
        </div>
      </div>
      <DialogActions variant="danger" confirmLabel="Delete" busyMessage="Deleting…" busy={remove.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}
