import type { FacePhotosAnswer } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /face-api/faces/{face_id}/photos (issue #32): the person's name and every photo of them, oldest first. */
export const facePhotosQuery = (faceId: string) =>
  queryOptions({
    queryKey: ['face-photos', faceId],
    queryFn: ({ signal }) => apiFetch<FacePhotosAnswer>(`/face-api/faces/${encodeURIComponent(faceId)}/photos`, { signal }),
  });

/** The person `faceId` and their photos, asked only once there is one. */
export function useFacePhotos(faceId: string | null) {
  return useQuery({ ...facePhotosQuery(faceId ?? ''), enabled: Boolean(faceId) });
}
