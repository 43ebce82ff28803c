import { useSearchParams } from 'react-router';
import { AddPhotoFlow } from './add-photo-flow.tsx';
import { NewFaceFlow } from './new-face-flow.tsx';

/**
 * /faces/add: Face Registration of a new face (product §2, §4, §5), or with `?person={face_id}` another photo of a
 * person kept already (issue #32).
 */
export function AddFacePage() {
  const [search] = useSearchParams();
  const person = search.get('person');
  return person === null ? <NewFaceFlow /> : <AddPhotoFlow key={person} faceId={person} />;
}
