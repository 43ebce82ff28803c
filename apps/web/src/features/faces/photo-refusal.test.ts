import { duplicateFaceNameMessage, faceMessages, messages } from '@seva/shared';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { faceCountRefusal, isPhotoRefusal, storeFaceErrorMessage } from './photo-refusal.ts';

describe('faceCountRefusal', () => {
  it('refuses a photo with no face or several, in the words store_face uses', () => {
    expect(faceCountRefusal(0)).toBe(faceMessages.noFace);
    expect(faceCountRefusal(3)).toBe('This image shows 3 faces. Please use a photo with only one face.');
    expect(faceCountRefusal(1)).toBeNull();
  });
});

describe('storeFaceErrorMessage', () => {
  it('says a refused photo or name as the server says it, without calling it a failure', () => {
    expect(storeFaceErrorMessage(new ApiError(422, faceMessages.noFace, 'file'), i18n)).toBe(faceMessages.noFace);
    expect(storeFaceErrorMessage(new ApiError(400, faceMessages.invalidImageFormat, 'file'), i18n)).toBe(faceMessages.invalidImageFormat);
    expect(storeFaceErrorMessage(new ApiError(409, duplicateFaceNameMessage('Amy'), 'name'), i18n)).toBe(duplicateFaceNameMessage('Amy'));
  });

  it("prefixes real failures with SPEC's 'Failed to store face data:'", () => {
    expect(storeFaceErrorMessage(new ApiError(500, messages.serverError), i18n)).toBe(`Failed to store face data: ${messages.serverError}`);
    expect(storeFaceErrorMessage(new ApiError(503, faceMessages.engineBusy), i18n)).toBe(`Failed to store face data: ${faceMessages.engineBusy}`);
    expect(storeFaceErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), i18n)).toBe(`Failed to store face data: ${NETWORK_ERROR_MESSAGE}`);
  });

  it('counts only refusals of the photo as the photo\'s fault', () => {
    expect(isPhotoRefusal(new ApiError(422, faceMessages.noFace, 'file'))).toBe(true);
    expect(isPhotoRefusal(new ApiError(409, duplicateFaceNameMessage('Amy'), 'name'))).toBe(false);
    expect(isPhotoRefusal(new ApiError(503, faceMessages.engineBusy))).toBe(false);
  });
});
