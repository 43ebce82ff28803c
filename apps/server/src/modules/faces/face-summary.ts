import type { FaceBox, FaceSummary } from '@seva/shared';
import type { DetectedFace } from '../../face-engine/face-engine.ts';
import type { FaceRow } from './store.ts';

/** The image URL the list gives: same origin, served to the owner only. */
export const faceImageUrl = (faceId: string) => `/face-api/image/${faceId}`;

type BoxColumns = Pick<FaceRow, 'face_x' | 'face_y' | 'face_width' | 'face_height' | 'image_width' | 'image_height'>;

/** The face's box as the list gives it; none for a face stored before the box was kept (issue #21). */
function faceBox(row: BoxColumns): FaceBox | undefined {
  const { face_x: x, face_y: y, face_width: width, face_height: height, image_width: imageWidth, image_height: imageHeight } = row;
  if (x === null || y === null || width === null || height === null || imageWidth === null || imageHeight === null) return undefined;
  return { x: Number(x), y: Number(y), width: Number(width), height: Number(height), image_width: Number(imageWidth), image_height: Number(imageHeight) };
}

/** The columns that keep a detected face's box (issue #21). */
export const boxColumns = (face: DetectedFace, image: { width: number; height: number }): BoxColumns => ({
  face_x: face.box.x,
  face_y: face.box.y,
  face_width: face.box.width,
  face_height: face.box.height,
  image_width: image.width,
  image_height: image.height,
});

/** A face as the list and the answers to store and rename give it. */
export const toSummary = (row: { face_id: string; name: string; created_at: string; consent_at: string; consent_by?: string | null } & BoxColumns): FaceSummary => {
  const box = faceBox(row);
  return {
    face_id: row.face_id,
    name: row.name,
    face_url: faceImageUrl(row.face_id),
    timestamp: row.created_at,
    consent_at: row.consent_at,
    ...(row.consent_by ? { consent_by: row.consent_by } : {}),
    ...(box ? { face_box: box } : {}),
  };
};
