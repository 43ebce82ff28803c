import { faceMessages, MAX_PHOTOS_PER_PERSON, photoMessages, type FacePhoto, type FaceSummary } from '@seva/shared';
import { http, HttpResponse } from 'msw';
import { aPhoto, SAVED_AT } from './fixtures.ts';
import { backend, refusal, signedInUser } from './stand-in-backend.ts';

function findFace(faceId: string): FaceSummary {
  const face = backend.faces.find((f) => f.face_id === faceId);
  if (!face) throw refusal(404, faceMessages.faceNotFound);
  return face;
}

/** The face's photos, oldest first, numbered from 1 as the server numbers them. */
const photosOf = (faceId: string): FacePhoto[] => backend.facePhotos.filter((p) => p.face_id === faceId).map((p, i) => ({ ...p, number: i + 1 }));

/** The face's photo count follows its photos, as the server's list does. */
function recount(faceId: string): void {
  const count = photosOf(faceId).length;
  backend.faces = backend.faces.map((f) => (f.face_id === faceId ? { ...f, photo_count: count } : f));
}

/** A person's photos (issue #32, modules/faces photo routes): list, add one, delete one. */
export const facePhotoHandlers = [
  http.get('*/face-api/faces/:faceId/photos', ({ params }) => {
    signedInUser();
    const face = findFace(String(params.faceId));
    return HttpResponse.json({ face_id: face.face_id, name: face.name, photos: photosOf(face.face_id) });
  }),
  // The photo itself is not read here (a test reads what was sent with `sent`): jsdom's File in a form body never ends.
  http.post('*/face-api/faces/:faceId/photos', ({ params, request }) => {
    signedInUser();
    const face = findFace(String(params.faceId));
    if (!request.headers.get('content-type')?.startsWith('multipart/form-data')) throw refusal(400, faceMessages.fileMissing, 'file');
    const count = photosOf(face.face_id).length;
    if (count >= MAX_PHOTOS_PER_PERSON) throw refusal(409, photoMessages.tooManyPhotos);
    const photo = aPhoto(face, count + 1, { photo_id: crypto.randomUUID(), added_at: SAVED_AT });
    backend.facePhotos = [...backend.facePhotos, photo];
    recount(face.face_id);
    return HttpResponse.json(photo, { status: 201 });
  }),
  http.delete('*/face-api/faces/:faceId/photos/:photoId', ({ params }) => {
    signedInUser();
    const face = findFace(String(params.faceId));
    const photos = photosOf(face.face_id);
    if (!photos.some((p) => p.photo_id === params.photoId)) throw refusal(404, photoMessages.photoNotFound);
    if (photos.length <= 1) throw refusal(409, photoMessages.lastPhoto);
    backend.facePhotos = backend.facePhotos.filter((p) => p.photo_id !== params.photoId);
    recount(face.face_id);
    return HttpResponse.json({ message: photoMessages.photoDeleted });
  }),
];
