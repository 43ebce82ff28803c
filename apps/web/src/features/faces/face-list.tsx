import type { FaceSummary } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { formatFaceDate } from './face-date.ts';
import { FaceImage } from './face-image.tsx';

export type FaceAction = 'details' | 'edit' | 'delete';

/** One page of faces: photo, name, date added, and the three actions, each named with the face it acts on. */
export function FaceList({ faces, onAction }: { faces: FaceSummary[]; onAction: (action: FaceAction, face: FaceSummary) => void }) {
  return (
    <ul className="face-list">
      {faces.map((face) => (
        <li key={face.face_id} className="face-card">
          <FaceImage src={face.face_url} name={face.name} size={96} />
          <div className="face-card-text">
            <h3 className="face-card-name">{face.name}</h3>
            <p className="face-card-date">
              Added <time dateTime={face.timestamp}>{formatFaceDate(face.timestamp)}</time>
            </p>
          </div>
          <div className="actions face-card-actions">
            <Button variant="secondary" aria-label={`View details for ${face.name}`} onClick={() => onAction('details', face)}>
              View details
            </Button>
            <Button variant="secondary" aria-label={`Edit ${face.name}`} onClick={() => onAction('edit', face)}>
              Edit
            </Button>
            <Button variant="danger" aria-label={`Delete ${face.name}`} onClick={() => onAction('delete', face)}>
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
