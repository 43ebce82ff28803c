import type { MessageAnswer } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { facesQuery } from '../../../lib/queries/faces.ts';
import { facePhotosQuery } from './get-face-photos.ts';

/** DELETE /face-api/faces/{face_id}/photos/{photo_id} (issue #32); the server keeps a person's last photo (409). */
export function useDeleteFacePhoto(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faceId, photoId }: { faceId: string; photoId: string }) =>
      apiFetch<MessageAnswer>(`/face-api/faces/${encodeURIComponent(faceId)}/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' }),
    onSettled: (_answer, _error, { faceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: facesQuery(email).queryKey }),
        queryClient.invalidateQueries({ queryKey: facePhotosQuery(faceId).queryKey }),
      ]),
  });
}
