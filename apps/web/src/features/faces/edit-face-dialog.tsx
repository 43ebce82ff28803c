import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { faceMessages, faceNameField, localise, type FaceSummary } from '@seva/shared';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useRenameFace } from './api/rename-face.ts';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';

const editFaceSchema = z.object({ name: faceNameField(faceMessages.nameEmpty) });
type EditFaceInput = z.infer<typeof editFaceSchema>;

/** product §8: 'Failed to update face: {message}', in `i18n`'s language. */
function updateFailedMessage(error: string, i18n: I18n): string {
  const message = localise(i18n, error);
  return i18n._(msg`Failed to update face: ${message}`);
}

/** product §2, §5: the edit modal: the name, prefilled; 'Name cannot be empty'; a taken name is refused by the server. */
export function EditFaceDialog({
  email,
  face,
  onClose,
  onSaved,
}: {
  email: string;
  face: FaceSummary | null;
  onClose: () => void;
  onSaved: (face: FaceSummary) => void;
}) {
  const { t } = useLingui();
  const name = face?.name ?? '';
  return (
    <ModalDialog title={face ? t`Edit ${name}` : t`Edit face`} isOpen={face !== null} onClose={onClose}>
      {face ? <EditFaceForm email={email} face={face} onCancel={onClose} onSaved={onSaved} /> : null}
    </ModalDialog>
  );
}

function EditFaceForm({ email, face, onCancel, onSaved }: { email: string; face: FaceSummary; onCancel: () => void; onSaved: (face: FaceSummary) => void }) {
  const { t, i18n } = useLingui();
  const rename = useRenameFace(email);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(editFaceSchema, { defaultValues: { name: face.name } });
  const { register, setError, setFocus, formState } = form;

  // The dialog opens on the field it is for.
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const onSubmit = async ({ name }: EditFaceInput) => {
    setFailure(null);
    try {
      await rename.mutateAsync({ face_id: face.face_id, name: face.name, updated_name: name });
      onSaved(face);
    } catch (error) {
      // A taken or refused name belongs on the field (the server says why: product §5's duplicate message).
      if (error instanceof ApiError && (error.status === 409 || (error.status === 400 && (error.field === 'name' || error.field === 'updated_name')))) {
        setError('name', { type: 'server', message: error.message });
        return;
      }
      setFailure(updateFailedMessage(error instanceof Error ? error.message : String(error), i18n));
    }
  };

  const busy = form.sending;
  return (
    <Form form={form} onSubmit={onSubmit} failure={failure} className="form">
      <TextField label={t`Name`} autoComplete="off" spellCheck={false} {...register('name')} error={formState.errors.name?.message} />
      <DialogActions confirmLabel={t`Save`} busyMessage={t`Saving…`} busy={busy} failure={null} onCancel={onCancel} />
    </Form>
  );
}
