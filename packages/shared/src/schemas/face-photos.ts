import { z } from 'zod';
import { fill } from '../localise.ts';

/** Issue #32: a face is a person with 1 to 5 photos. */
export const MAX_PHOTOS_PER_PERSON = 5;

/** How good a kept photo is for recognition: both pass the server's checks (D-061). */
export const PHOTO_QUALITIES = ['good', 'usable'] as const;
export type PhotoQuality = (typeof PHOTO_QUALITIES)[number];

/** What the server says of a photo it will not keep, in words a helper can act on (D-061). */
export const photoProblemMessages = {
  'too-small': /*i18n*/ 'The face is too small. Move closer, so the face fills more of the picture.',
  'too-dark': /*i18n*/ 'The photo is too dark. Turn on a light or face a window.',
  'too-bright': /*i18n*/ 'The photo is too bright. Move out of direct light.',
  blurred: /*i18n*/ 'The photo is blurred. Hold the camera still and try again.',
  turned: /*i18n*/ 'The face is turned away. Ask them to look at the camera.',
} as const;
export type PhotoProblem = keyof typeof photoProblemMessages;

export const photoMessages = {
  lastPhoto: /*i18n*/ 'A person needs at least one photo. Delete the person instead.',
  tooManyPhotos: fill(/*i18n*/ 'A person can have up to {max} photos. Delete one first.', { max: MAX_PHOTOS_PER_PERSON }),
  photoNotFound: /*i18n*/ 'This photo was not found. It may have been deleted.',
  photoDeleted: /*i18n*/ 'Photo deleted',
} as const;

/** Where one photo of a person is served (GET, the owner and their helpers only): the server's answers and the web's <img> agree on it. */
export function photoImagePath(faceId: string, photoId: string): string {
  return `/face-api/faces/${encodeURIComponent(faceId)}/photos/${encodeURIComponent(photoId)}/image`;
}

const FACE_ID_EXAMPLE = '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c';
const PHOTO_ID_EXAMPLE = '9a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6';
const PHOTO_EXAMPLE = {
  photo_id: PHOTO_ID_EXAMPLE,
  face_id: FACE_ID_EXAMPLE,
  number: 1,
  photo_url: photoImagePath(FACE_ID_EXAMPLE, PHOTO_ID_EXAMPLE),
  added_at: '2026-03-14T09:26:53.000Z',
  quality: 'good',
  face_box: { x: 120, y: 80, width: 200, height: 240, image_width: 640, image_height: 480 },
};

const photoBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), image_width: z.number(), image_height: z.number() });

/** One photo of a person, as the person's details list it (oldest first: `number` 1 is the first added). */
export const facePhotoSchema = z
  .object({
    photo_id: z.string(),
    face_id: z.string(),
    /** The photo's place among the person's photos, from 1, oldest first. */
    number: z.number().int(),
    photo_url: z.string(),
    added_at: z.string(),
    /** The helper who added it, as the wearer named them; absent when the wearer did. */
    added_by: z.string().optional(),
    /** Absent for a photo kept before photos were checked (issue #32). */
    quality: z.enum(PHOTO_QUALITIES).optional(),
    face_box: photoBoxSchema.optional(),
  })
  .meta({ examples: [PHOTO_EXAMPLE] });
export type FacePhoto = z.infer<typeof facePhotoSchema>;

/** GET /face-api/faces/{face_id}/photos: the person and every photo of them. */
export const facePhotosAnswerSchema = z
  .object({ face_id: z.string(), name: z.string(), photos: z.array(facePhotoSchema) })
  .meta({ examples: [{ face_id: FACE_ID_EXAMPLE, name: 'Asha Patel', photos: [PHOTO_EXAMPLE] }] });
export type FacePhotosAnswer = z.infer<typeof facePhotosAnswerSchema>;

/** The path parameters of a person's photo calls. */
export const personParamsSchema = z.object({ face_id: z.uuid() });
export const photoParamsSchema = z.object({ face_id: z.uuid(), photo_id: z.uuid() });

/** The form of POST /face-api/faces/{face_id}/photos and /face-api/test_recognition beside its `file`: nothing else is needed; an `email` must be the caller's. */
export const addPhotoFieldsSchema = z.strictObject({ email: z.string().trim().optional() });
