import { Trans, useLingui } from '@lingui/react/macro';
import { consentGivenMessage, type FaceSummary } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useFacePhotos } from './api/get-face-photos.ts';
import { FaceImage } from './face-image.tsx';
import { FacePhotosSection } from './face-photos-section.tsx';

/**
 * product §2: the details modal: a larger photo, the name, the date added and the face ID; when consent was given
 * (issue #12); and the person's photos (issue #32).
 */
export function FaceDetailsDialog({ email, face, onClose }: { email: string; face: FaceSummary | null; onClose: () => void }) {
  const { t } = useLingui();
  // The person's first photo, which changes when it is deleted here; the list's until the photos have loaded.
  const first = useFacePhotos(face?.face_id ?? null).data?.photos[0];
  const localise = useLocalise();
  // The shared 'Consent given on {date}', and who gave it, as one sentence, so each language can order it its own way.
  const consentGivenBy = (date: string, helper: string) =>
    t({ message: `Consent given on ${date} by ${helper}`, comment: "{date} is a date, e.g. '21 November 2026'; {helper} is the name of the helper who confirmed the consent." });
  return (
    <ModalDialog title={t`Face details`} isOpen={face !== null} onClose={onClose}>
      {face ? (
        <>
          <FaceImage src={first?.photo_url ?? face.face_url} name={face.name} size={240} className="face-image-large" />
          <dl className="face-details">
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{face.name}</dd>
            <dt>
              <Trans>Date added</Trans>
            </dt>
            <dd>
              <time dateTime={face.timestamp}>{formatDateTime(face.timestamp)}</time>
            </dd>
            <dt>
              <Trans>Face ID</Trans>
            </dt>
            <dd className="face-id">{face.face_id}</dd>
          </dl>
          {face.consent_at ? (
            <p className="face-consent">
              {/* A helper confirmed it (issue #18): the wearer sees who. */}
              {face.consent_by ? consentGivenBy(formatDate(face.consent_at), face.consent_by) : localise(consentGivenMessage(formatDate(face.consent_at)))}
            </p>
          ) : null}
          <FacePhotosSection email={email} face={face} />
          <div className="actions">
            <Button onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}
