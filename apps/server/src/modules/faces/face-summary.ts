import { photoImagePath, type FaceBox, type FacePhoto, type FaceSummary, type PhotoQuality } from '@seva/shared';
import type { DetectedFace } from '../../face-engine/face-engine.ts';
import type { PhotoRow } from './photo-store.ts';

/** The image URL the list gives: the person's first photo, same origin, served to the owner only. */
export const faceImageUrl = (faceId: string) => `/face-api/image/${faceId}`;

type BoxColumns = Pick<PhotoRow, 'face_x' | 'face_y' | 'face_width' | 'face_height' | 'image_width' | 'image_height'>;
/** A photo as the list and the details show it. */
export type ShownPhoto = Pick<PhotoRow, 'photo_id' | 'face_id' | 'added_at' | 'added_by' | 'quality'> & BoxColumns;

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

/** A person as the list and the answers to store and rename give them: their first photo stands for them. */
export const toSummary = (
  person: { face_id: string; name: string; created_at: string; consent_at: string; consent_by?: string | null },
  photos: readonly ShownPhoto[],
): FaceSummary => {
  const box = photos[0] ? faceBox(photos[0]) : undefined;
  return {
    face_id: person.face_id,
    name: person.name,
    face_url: faceImageUrl(person.face_id),
    timestamp: person.created_at,
    consent_at: person.consent_at,
    ...(person.consent_by ? { consent_by: person.consent_by } : {}),
    ...(box ? { face_box: box } : {}),
    photo_count: photos.length,
  };
};

const isQuality = (value: string | null): value is PhotoQuality => value === 'good' || value === 'usable';

/** A photo as the person's details list it; `number` is its place among the person's photos, from 1. */
export const toPhoto = (row: ShownPhoto, number: number): FacePhoto => {
  const box = faceBox(row);
  return {
    photo_id: row.photo_id,
    face_id: row.face_id,
    number,
    photo_url: photoImagePath(row.face_id, row.photo_id),
    added_at: row.added_at,
    ...(row.added_by ? { added_by: row.added_by } : {}),
    ...(isQuality(row.quality) ? { quality: row.quality } : {}),
    ...(box ? { face_box: box } : {}),
  };
};
