import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { localise, PRODUCT_NAME, type FacePhoto } from '@seva/shared';
import { useState } from 'react';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDeleteFacePhoto } from './api/delete-face-photo.ts';
import { FaceImage } from './face-image.tsx';
import type { Person } from './use-add-photo.ts';

const CONSEQUENCE_ID = 'delete-photo-consequence';

/** Why a photo was not deleted: the server's refusal as it says it (the last photo, one gone already), else a failure. */
function deletePhotoFailure(error: unknown, i18n: I18n): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return localise(i18n, error.message);
  const message = localise(i18n, error instanceof Error ? error.message : String(error));
  return i18n._(msg`Failed to delete the photo: ${message}`);
}

/** Deleting one photo of a person (issue #32) is confirmed first, as deleting a face is: whose photo, and what it changes. */
export function DeletePhotoDialog({
  email,
  person,
  photo,
  onClose,
  onDeleted,
}: {
  email: string;
  person: Person;
  photo: FacePhoto | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const { name } = person;
  const number = photo?.number ?? 0;
  return (
    <ModalDialog title={t`Delete photo ${number} of ${name}?`} role="alertdialog" isOpen={photo !== null} onClose={onClose} describedBy={CONSEQUENCE_ID}>
      {photo ? <DeletePhotoConfirm email={email} person={person} photo={photo} onCancel={onClose} onDeleted={onDeleted} /> : null}
    </ModalDialog>
  );
}

function DeletePhotoConfirm({ email, person, photo, onCancel, onDeleted }: { email: string; person: Person; photo: FacePhoto; onCancel: () => void; onDeleted: () => void }) {
  const { t, i18n } = useLingui();
  const remove = useDeleteFacePhoto(email);
  const [failure, setFailure] = useState<string | null>(null);
  const { name } = person;
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync({ faceId: person.face_id, photoId: photo.photo_id });
      onDeleted();
    } catch (error) {
      setFailure(deletePhotoFailure(error, i18n));
    }
  };
  return (
    <>
      <div className="delete-face-summary">
        <FaceImage src={photo.photo_url} name={name} size={120} box={photo.face_box} alt="" />
        <p id={CONSEQUENCE_ID}>
          <Trans>Your {PRODUCT_NAME} glasses will stop using this photo to recognise {name}. This cannot be undone.</Trans>
        </p>
      </div>
      <DialogActions variant="danger" confirmLabel={t`Delete photo`} busyMessage={t`Deleting…`} busy={remove.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}
