import { useLingui } from '@lingui/react/macro';
import { faceMessages, type FaceSummary } from '@seva/shared';
import { DeleteFaceDialog, faceDeletedMessage } from './delete-face-dialog.tsx';
import { EditFaceDialog } from './edit-face-dialog.tsx';
import { FaceDetailsDialog } from './face-details-dialog.tsx';
import type { FaceAction } from './face-list.tsx';

export interface FaceDialogsProps {
  email: string;
  /** The dialog open, and the face it is about; null when none is. */
  open: { action: FaceAction; face: FaceSummary } | null;
  onClose: () => void;
  /** A dialog did what it was opened for: `message` says what, about the face `faceId` (null when it is gone). */
  onDone: (message: string, faceId: string | null) => void;
}

/**
 * The list's dialogs: details, rename, delete. A module of their own, which /faces loads once it shows a list (the
 * dialogs' code, forms and modals, is the heaviest part of the screen, and a slow phone need not run it for an empty
 * list, D-069).
 */
export default function FaceDialogs({ email, open, onClose, onDone }: FaceDialogsProps) {
  const { i18n } = useLingui();
  return (
    <>
      <FaceDetailsDialog email={email} face={open?.action === 'details' ? open.face : null} onClose={onClose} />
      <EditFaceDialog email={email} face={open?.action === 'edit' ? open.face : null} onClose={onClose} onSaved={(face) => onDone(faceMessages.updated, face.face_id)} />
      <DeleteFaceDialog email={email} face={open?.action === 'delete' ? open.face : null} onClose={onClose} onDeleted={(face) => onDone(faceDeletedMessage(face.name, i18n), null)} />
    </>
  );
}
