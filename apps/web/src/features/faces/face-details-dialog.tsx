import { consentGivenMessage, type FaceSummary } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatFaceDate } from './face-date.ts';
import { FaceImage } from './face-image.tsx';

/** product §2: the details modal: a larger photo, the name, the date added and the face ID; and when consent was given (issue #12). */
export function FaceDetailsDialog({ face, onClose }: { face: FaceSummary | null; onClose: () => void }) {
  return (
    <ModalDialog title="Face details" isOpen={face !== null} onClose={onClose}>
      {face ? (
        <>
          <FaceImage src={face.face_url} name={face.name} size={240} className="face-image-large" />
          <dl className="face-details">
            <dt>Name</dt>
            <dd>{face.name}</dd>
            <dt>Date added</dt>
            <dd>
              <time dateTime={face.timestamp}>{formatFaceDate(face.timestamp, true)}</time>
            </dd>
            <dt>Face ID</dt>
            <dd className="face-id">{face.face_id}</dd>
          </dl>
          {face.consent_at ? (
            <p className="face-consent">
              {consentGivenMessage(formatDate(face.consent_at))}
              {/* A helper confirmed it (issue #18): the wearer sees who. */}
              {face.consent_by ? ` by ${face.consent_by}` : ''}
            </p>
          ) : null}
          <div className="actions">
            <Button onClick={onClose}>Close</Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}
