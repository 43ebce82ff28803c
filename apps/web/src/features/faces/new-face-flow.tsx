import { Trans, useLingui } from '@lingui/react/macro';
import { faceMessages } from '@seva/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useFaces } from './api/get-faces.ts';
import { useStoreFace } from './api/store-face.ts';
import { AddPhotoLayout, type ScreenStatus } from './add-photo-layout.tsx';
import { dataUrlToBlob } from './data-url.ts';
import { NamingStep, type FaceSubmission } from './naming-step.tsx';
import { PhotoAddedDialog } from './photo-added-dialog.tsx';
import { PhotoQuestion } from './photo-question.tsx';
import { PhotoSource } from './photo-source.tsx';
import { storeFaceErrorMessage } from './photo-refusal.ts';
import { SentSummary } from './sent-summary.tsx';
import { useAddPhoto, type Person } from './use-add-photo.ts';
import { refusalOf, usePhotoCheck } from './use-photo-check.ts';
import { useStepFocus } from './use-step-focus.ts';

/**
 * /faces/add for a new face, Face Registration (product §2, §4, §5). A photo is checked as it is taken or chosen, as
 * store_face will check it: one face, good enough to keep, or it is refused there, with the reason beside the control
 * that gives another. When it looks like someone kept already, the user first says whether it is them (issue #32).
 * When the check itself cannot run, naming goes on and store_face decides.
 */
export function NewFaceFlow() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { data: user } = useSession();
  const email = user?.email ?? '';
  const faces = useFaces(email);
  const storeFace = useStoreFace();
  const [consent, setConsent] = useState(false);
  const [notice, setNotice] = useState<ScreenStatus | null>(null);
  const check = usePhotoCheck(email, () => setNotice(null));
  const photo = useAddPhoto(email, (text) => setNotice({ tone: 'error', text }));
  const [sent, setSent] = useState<FaceSubmission | null>(null);
  // The photo the user said is of someone new, though it looks like someone kept.
  const [someoneElse, setSomeoneElse] = useState<string | null>(null);

  const refusal = refusalOf(check.checked);
  const picked = refusal ? null : check.checked;
  const lookalike = picked?.answer?.person && someoneElse !== picked.id ? picked.answer.person : null;
  const stepRef = useStepFocus(picked ? `${lookalike ? 'lookalike' : 'naming'}-${picked.id}` : (check.method ?? 'choice'));

  const register = async (submission: FaceSubmission) => {
    if (!picked) return;
    if (!email) return setNotice({ tone: 'error', text: faceMessages.userEmailMissing });
    setNotice(null);
    try {
      await storeFace.mutateAsync({ file: dataUrlToBlob(picked.dataUrl), fileName: submission.fileName, name: submission.name, email, face_id: submission.face_id });
      setSent(submission);
    } catch (error) {
      setNotice({ tone: 'error', text: storeFaceErrorMessage(error, i18n) });
    }
  };
  const addTo = (person: Person) => {
    if (!picked) return;
    setNotice(null);
    void photo.add(person, picked.dataUrl);
  };

  const addingTo = photo.adding ? (faces.data?.find((f) => f.face_id === photo.adding)?.name ?? lookalike?.name ?? '') : null;
  const status: ScreenStatus | null = storeFace.isPending
    ? { tone: 'info', text: t`Registering the face. This takes a few seconds…` }
    : addingTo !== null
      ? { tone: 'info', text: t`Adding the photo to ${{ name: addingTo }}…` }
      : check.checking
        ? { tone: 'info', text: t`Checking the photo for one face…` }
        : notice;
  const retakeLabel = picked?.method === 'camera' ? t`Retake` : t`Choose another image`;
  const lookalikeName = lookalike?.name ?? '';

  return (
    <AddPhotoLayout
      heading={screenHeadings[paths.addFace]}
      intro={<Trans>Teach your SEVA glasses a face: give consent, take or upload a photo of one face, then name it.</Trans>}
      status={status}
      stepRef={stepRef}
    >
      {picked && lookalike ? (
        <PhotoQuestion id="lookalike-heading" question={t`This looks like ${{ name: lookalikeName }}.`} dataUrl={picked.dataUrl} alt={t`Preview of the face to register`}>
          <Button busy={photo.adding !== null} onClick={() => addTo(lookalike)}>
            {t`Add this photo to ${{ name: lookalikeName }}`}
          </Button>
          <Button variant="secondary" onClick={() => setSomeoneElse(picked.id)}>
            {t`It's someone else`}
          </Button>
        </PhotoQuestion>
      ) : picked ? (
        <NamingStep
          key={picked.id}
          dataUrl={picked.dataUrl}
          faceId={picked.id}
          email={email}
          // The face this screen has just registered is not a clash with its own name.
          existing={(faces.data ?? []).filter((f) => f.face_id !== picked.id)}
          processing={storeFace.isPending}
          adding={photo.adding !== null}
          retakeLabel={retakeLabel}
          onRetake={() => check.choose(picked.method)}
          onRegister={register}
          onAddToExisting={addTo}
        />
      ) : (
        <PhotoSource
          check={check}
          email={email}
          consent={{ given: consent, onChange: setConsent }}
          refusal={check.checking ? null : refusal}
          onUnavailable={(text) => setNotice({ tone: 'error', text })}
        />
      )}
      <ModalDialog title={t`Face registered`} role="alertdialog" isOpen={sent !== null} dismissable={false} onClose={() => navigate(paths.faces)}>
        {sent ? (
          <>
            <SentSummary sent={sent} />
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the alert's one answer takes focus (WAI-ARIA alertdialog), so Enter goes on */}
            <Button autoFocus onClick={() => navigate(paths.faces)}>
              <Trans>OK</Trans>
            </Button>
          </>
        ) : null}
      </ModalDialog>
      <PhotoAddedDialog person={photo.added} />
    </AddPhotoLayout>
  );
}
