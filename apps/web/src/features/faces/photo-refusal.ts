import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { faceMessages, localise, type RecognizeAnswer } from '@seva/shared';
import { ApiError } from '../../lib/api-client.ts';

/** Why a photo showing `faceCount` faces cannot be registered (the server's own words), or null when it shows one. */
export function faceCountRefusal(faceCount: number): string | null {
  if (faceCount === 0) return faceMessages.noFace;
  if (faceCount > 1) return faceMessages.manyFaces(faceCount);
  return null;
}

/**
 * Why the server would not keep the photo the check looked at (issue #32): no face or several, or its one face too
 * small, dark, bright, blurred or turned (`photo_problem`, in the server's words); null when it would keep it.
 */
export function photoRefusal(answer: RecognizeAnswer): string | null {
  return faceCountRefusal(answer.faceCount) ?? answer.photo_problem ?? null;
}

/** The server refused the photo itself (no face, several, not an image it can read): 422, or 400 on the file field. */
export function isPhotoRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 422 || (error.status === 400 && error.field === 'file'));
}

/**
 * The server refused what the user entered or chose (the photo, a name already in use, a sixth photo, a person no longer
 * kept): nothing failed.
 */
function isInputRefusal(error: unknown): error is ApiError {
  return isPhotoRefusal(error) || (error instanceof ApiError && (error.status === 404 || error.status === 409 || (error.status === 400 && error.field === 'name')));
}

/**
 * What the add-face screen says when store_face does not store. A refusal of the photo or the name is said as the
 * server says it: the user has something to change, and nothing went wrong. Anything else (the server failing, busy
 * or out of reach) is product §8's 'Failed to store face data: {message}'. Said in `i18n`'s language.
 */
export function storeFaceErrorMessage(error: unknown, i18n: I18n): string {
  if (isInputRefusal(error)) return localise(i18n, error.message);
  const message = localise(i18n, error instanceof Error ? error.message : String(error));
  return i18n._(msg`Failed to store face data: ${message}`);
}

/** The same for adding a photo to a person kept already (issue #32): a refusal as the server says it, else a failure. */
export function addPhotoErrorMessage(error: unknown, i18n: I18n): string {
  if (isInputRefusal(error)) return localise(i18n, error.message);
  const message = localise(i18n, error instanceof Error ? error.message : String(error));
  return i18n._(msg`Failed to add the photo: ${message}`);
}
