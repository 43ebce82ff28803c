import { fill } from './localise.ts';

// Without zod, so that a screen needing only a limit or a message (the face list's page sizes) does not load and
// evaluate zod with it (D-069); the schemas that check these rules are in schemas/faces.ts.

/** product §5 and §9: the face rules the add and edit forms check and the face backend checks again. */
export const FACE_NAME_MAX = 100;
export const MAX_IMAGE_BYTES = 5_242_880;
export const FACE_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Faces one user may keep (their face list, sync and recognition stay quick). */
export const MAX_FACES_PER_USER = 1000;
/** Pictures of one user that the face engine analyses (or has queued) at once. */
export const MAX_ANALYSES_IN_FLIGHT = 2;

/** '1,000': an English number, without Intl's number format, which a page would otherwise load as this module loads. */
const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

export const faceMessages = {
  nameRequired: /*i18n*/ 'Please enter a name',
  nameEmpty: /*i18n*/ 'Name cannot be empty',
  nameTooLong: fill(/*i18n*/ 'Names can be at most {max} characters.', { max: FACE_NAME_MAX }),
  nameExistsWarning: /*i18n*/ 'Name already exists',
  invalidImageFormat: /*i18n*/ 'Invalid image format',
  notAnImage: /*i18n*/ 'Please select an image file',
  imageTooLarge: /*i18n*/ 'Image size too large (max 5MB)',
  userEmailMissing: /*i18n*/ 'User email not found. Please log in again.',
  notAuthenticated: /*i18n*/ 'User not authenticated. Please log in first.',
  notAuthenticatedAdd: /*i18n*/ 'User not authenticated. Please log in.',
  deleteConfirm: /*i18n*/ 'Are you sure you want to delete this face?',
  deleted: /*i18n*/ 'Face deleted successfully',
  updated: /*i18n*/ 'Face updated successfully',
  faceNotFound: /*i18n*/ 'This face was not found. It may have been deleted.',
  noFace: /*i18n*/ 'No face was found in this image. Please use a clear, well-lit photo of one face, looking at the camera.',
  manyFaces: (n: number) => fill(/*i18n*/ 'This image shows {n} faces. Please use a photo with only one face.', { n }),
  faceIdInvalid: /*i18n*/ 'face_id must be a UUID.',
  faceIdUsed: /*i18n*/ 'This face_id has already been used. Please start again.',
  fileMissing: /*i18n*/ 'Please choose an image of the face to register.',
  engineBusy: /*i18n*/ 'The face service is busy right now. Please try again in a moment.',
  analysesInFlight: /*i18n*/ 'Two of your pictures are still being checked. Please wait for them to finish, then try again.',
  quotaReached: fill(/*i18n*/ 'You have reached the limit of {max} faces. Please delete faces you no longer need before adding new ones.', { max: withThousands(MAX_FACES_PER_USER) }),
} as const;

/** product §5: 'A face with the name "{name}" already exists. Please use a different name.' */
export function duplicateFaceNameMessage(name: string): string {
  return fill(/*i18n*/ 'A face with the name "{name}" already exists. Please use a different name.', { name });
}

/** Names are unique per user, compared trimmed and case-insensitive. */
export function faceNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}
