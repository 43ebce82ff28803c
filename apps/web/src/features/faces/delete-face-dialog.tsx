import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { faceMessages, localise as localiseIn, PRODUCT_NAME, type FaceSummary } from '@seva/shared';
import { useState } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useDeleteFace } from './api/delete-face.ts';
import { FaceImage } from './face-image.tsx';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

/** product §8: 'Failed to delete face: {message}', in `i18n`'s language. */
export function deleteFailedMessage(error: string, i18n: I18n): string {
  const message = localiseIn(i18n, error);
  return i18n._(msg`Failed to delete face: ${message}`);
}

/** product §8's 'Face deleted successfully', kept word for word, then whose face it was; in `i18n`'s language. */
export function faceDeletedMessage(name: string, i18n: I18n): string {
  const deleted = localiseIn(i18n, faceMessages.deleted);
  return i18n._(msg({ message: `${deleted}: ${name}`, comment: "{deleted} is 'Face deleted successfully' (translated already); {name} is the face's name." }));
}

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
  const { t } = useLingui();
  const name = face?.name ?? '';
  return (
    <ModalDialog
      title={face ? t`Delete ${name}?` : t`Delete face?`}
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
  const { t, i18n } = useLingui();
  const localise = useLocalise();
  const remove = useDeleteFace(email);
  const { name } = face;
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(face.face_id);
      onDeleted(face);
    } catch (error) {
      setFailure(deleteFailedMessage(error instanceof Error ? error.message : String(error), i18n));
    }
  };
  return (
    <>
      <div className="delete-face-summary">
        <FaceImage src={face.face_url} name={face.name} size={120} box={face.face_box} />
        <div>
          <p id={QUESTION_ID}>{localise(faceMessages.deleteConfirm)}</p>
          <p id={CONSEQUENCE_ID}>
            {/* What deleting a face does, said before it is done. */}
            <Trans>
              Your {PRODUCT_NAME} glasses will stop recognising {name}. Their photos and what was learnt from them are deleted, and this cannot
              be undone.
            </Trans>
          </p>
        </div>
      </div>
      <DialogActions variant="danger" confirmLabel={t`Delete`} busyMessage={t`Deleting…`} busy={remove.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}
