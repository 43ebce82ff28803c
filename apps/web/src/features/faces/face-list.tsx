import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FaceSummary } from '@seva/shared';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { formatDate } from '../../lib/dates.ts';
import { FaceImage } from './face-image.tsx';

export type FaceAction = 'details' | 'edit' | 'delete';

/** A success message and the face it is about (null: no row, e.g. the face was deleted). */
export interface FaceNotice {
  faceId: string | null;
  text: string;
}

/**
 * One page of faces: photo, name, date added, and the three actions, each named with the face it acts on. Each row
 * holds a live region, empty but for a message about that face, so the message is seen and heard where the user is.
 * Delete is as quiet as the other actions: it only asks; the confirmation's button is the destructive one.
 */
export function FaceList({ faces, notice, onAction }: { faces: FaceSummary[]; notice: FaceNotice | null; onAction: (action: FaceAction, face: FaceSummary) => void }) {
  return (
    <ul className="face-list">
      {faces.map((face) => (
        <FaceCard key={face.face_id} face={face} notice={notice} onAction={onAction} />
      ))}
    </ul>
  );
}

function FaceCard({ face, notice, onAction }: { face: FaceSummary; notice: FaceNotice | null; onAction: (action: FaceAction, face: FaceSummary) => void }) {
  const { t } = useLingui();
  const { name, photo_count: count } = face;
  const added = formatDate(face.timestamp);
  return (
    <li className="face-card">
      <FaceImage src={face.face_url} name={face.name} size={96} box={face.face_box} />
      <div className="face-card-text">
        <h3 className="face-card-name">{face.name}</h3>
        <p className="face-card-date">
          <Trans>
            Added <time dateTime={face.timestamp}>{added}</time>
          </Trans>
        </p>
        <p className="face-card-date">{t`${plural(count, { one: '# photo', other: '# photos' })}`}</p>
      </div>
      <div className="actions face-card-actions">
        <Button variant="secondary" aria-label={t`View details for ${name}`} onClick={() => onAction('details', face)}>
          <Trans>View details</Trans>
        </Button>
        <Button variant="secondary" aria-label={t`Edit ${name}`} onClick={() => onAction('edit', face)}>
          <Trans>Edit</Trans>
        </Button>
        <Button variant="secondary" aria-label={t`Delete ${name}`} onClick={() => onAction('delete', face)}>
          <Trans>Delete</Trans>
        </Button>
      </div>
      <RowNotice message={notice?.faceId === face.face_id ? notice.text : null} />
    </li>
  );
}

/**
 * A message about this face: the shared rules' ones are English (D-058), said in the page's language. It is scrolled
 * into view as it appears, below the button that has focus back, so that a magnified screen shows it too.
 */
function RowNotice({ message }: { message: string | null }) {
  const localise = useLocalise();
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) notice.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <p ref={notice} role="status" className={message ? 'notice notice-success face-card-notice' : 'visually-empty'}>
      {message && localise(message)}
    </p>
  );
}
