/** GET /face-api/faces/{face_id}/photos/{photo_id}/image (issue #32): one photo of a person, for an <img>. */
export function photoImageUrl(faceId: string, photoId: string): string {
  return `/face-api/faces/${encodeURIComponent(faceId)}/photos/${encodeURIComponent(photoId)}/image`;
}
