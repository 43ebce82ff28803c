import { Trans, useLingui } from '@lingui/react/macro';
import { faceMessages, MAX_PHOTOS_PER_PERSON, photoMessages } from '@seva/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useFacePhotos } from './api/get-face-photos.ts';
import { AddPhotoLayout, type ScreenStatus } from './add-photo-layout.tsx';
import { loadErrorMessage } from './load-error-message.ts';
import { PhotoAddedDialog } from './photo-added-dialog.tsx';
import { PhotoQuestion } from './photo-question.tsx';
import { PhotoSource } from './photo-source.tsx';
import { useAddPhoto } from './use-add-photo.ts';
import { refusalOf, usePhotoCheck, type CheckedPhoto } from './use-photo-check.ts';
import { useStepFocus } from './use-step-focus.ts';

/** The person is not the user's (any more): deleted, or an address that names nobody. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /faces/add?person={face_id} (issue #32): another photo of a person kept already. The same consent, camera and upload
 * as a new face; instead of naming, the person's name and 'Add photo'. A photo that looks more like someone else is
 * asked about first; a person with the most photos is told so before anything starts.
 */
export function AddPhotoFlow({ faceId }: { faceId: string }) {
  const { t, i18n } = useLingui();
  const { data: user } = useSession();
  const email = user?.email ?? '';
  const person = useFacePhotos(faceId || null);
  const [consent, setConsent] = useState(false);
  const [notice, setNotice] = useState<ScreenStatus | null>(null);
  const check = usePhotoCheck(email, () => setNotice(null));
  const photo = useAddPhoto(email, (text) => setNotice({ tone: 'error', text }));
  // The photo the user said to add although it looks more like someone else.
  const [anyway, setAnyway] = useState<string | null>(null);

  const name = person.data?.name ?? '';
  const refusal = refusalOf(check.checked);
  const picked = refusal ? null : check.checked;
  const other = picked?.answer?.person && picked.answer.person.face_id !== faceId && anyway !== picked.id ? picked.answer.person : null;
  const stepRef = useStepFocus(picked ? `${other ? 'other' : 'confirm'}-${picked.id}` : (check.method ?? 'choice'));
  const missing = !faceId || isMissing(person.error);
  // Said before anything starts; not once the photo just added made it the fifth.
  const full = !photo.added && (person.data?.photos.length ?? 0) >= MAX_PHOTOS_PER_PERSON;

  const add = (shown: CheckedPhoto) => {
    setNotice(null);
    void photo.add({ face_id: faceId, name }, shown.dataUrl);
  };
  const status: ScreenStatus | null = missing
    ? { tone: 'error', text: faceMessages.faceNotFound }
    : person.isError
      ? { tone: 'error', text: loadErrorMessage(person.error, i18n) }
      : person.isPending
        ? { tone: 'info', text: t`Loading the person's photos…` }
        : full
          ? { tone: 'info', text: photoMessages.tooManyPhotos }
          : photo.adding
            ? { tone: 'info', text: t`Adding the photo to ${name}…` }
            : check.checking
              ? { tone: 'info', text: t`Checking the photo for one face…` }
              : notice;
  const otherName = other?.name ?? '';

  return (
    <AddPhotoLayout
      heading={person.data ? t`Add a photo of ${name}` : t`Add a photo`}
      intro={<Trans>Another photo of the same person, in other light or from another side, helps your SEVA glasses recognise them.</Trans>}
      status={status}
      stepRef={stepRef}
    >
      {missing || full || !person.data ? (
        person.isError && !missing ? (
          <p>
            <Button variant="secondary" busy={person.isFetching} onClick={() => void person.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </p>
        ) : null
      ) : picked && other ? (
        <PhotoQuestion id="other-person-heading" question={t`This photo looks more like ${{ other: otherName }}. Add it to ${name} anyway?`} dataUrl={picked.dataUrl} alt={t`Preview of the photo to add`}>
          <Button
            busy={photo.adding !== null}
            onClick={() => {
              setAnyway(picked.id);
              add(picked);
            }}
          >
            {t`Add it anyway`}
          </Button>
          <Button variant="secondary" onClick={() => check.choose(picked.method)}>
            {t`Choose another photo`}
          </Button>
        </PhotoQuestion>
      ) : picked ? (
        <PhotoQuestion id="confirm-heading" question={t`Add this photo to ${name}?`} dataUrl={picked.dataUrl} alt={t`Preview of the photo to add`}>
          <Button variant="secondary" onClick={() => check.choose(picked.method)}>
            {picked.method === 'camera' ? t`Retake` : t`Choose another image`}
          </Button>
          <Button busy={photo.adding !== null} onClick={() => add(picked)}>
            {t`Add photo`}
          </Button>
        </PhotoQuestion>
      ) : (
        <PhotoSource
          check={check}
          email={email}
          consent={{ given: consent, onChange: setConsent }}
          refusal={check.checking ? null : refusal}
          onUnavailable={(text) => setNotice({ tone: 'error', text })}
        />
      )}
      <PhotoAddedDialog person={photo.added} />
    </AddPhotoLayout>
  );
}
