import type { FacePhoto } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { facesQuery } from '../../../lib/queries/faces.ts';
import { faceForm } from './face-form.ts';
import { facePhotosQuery } from './get-face-photos.ts';

interface AddFacePhotoInput {
  faceId: string;
  file: Blob;
  fileName: string;
}

/** POST /face-api/faces/{face_id}/photos (issue #32): one more photo of a person kept already (multipart `file`). */
export function useAddFacePhoto(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faceId, file, fileName }: AddFacePhotoInput) =>
      apiFetch<FacePhoto>(`/face-api/faces/${encodeURIComponent(faceId)}/photos`, { form: faceForm({ file }, fileName) }),
    // Also after a refusal: a 409 (five photos already) or 404 (person gone) means what this screen knows is out of date.
    onSettled: (_photo, _error, { faceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facesQuery(email).queryKey }),
        queryClient.invalidateQueries({ queryKey: facePhotosQuery(faceId).queryKey }),
      ]),
  });
}
