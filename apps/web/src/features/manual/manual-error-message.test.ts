import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { isRetryable, manualErrorMessage } from './manual-error-message.ts';

describe('manual error message', () => {
  it("shows the server's SPEC words when there is no manual", () => {
    expect(manualErrorMessage(new ApiError(404, 'No user manuals found.'), i18n)).toBe('No user manuals found.');
    expect(manualErrorMessage(new ApiError(404, 'No valid user manual found.'), i18n)).toBe('No valid user manual found.');
    expect(isRetryable(new ApiError(404, 'No user manuals found.'))).toBe(false);
  });

  it("says loading failed, with the reason, for anything else", () => {
    expect(manualErrorMessage(new ApiError(500, 'Something went wrong on our side. Please try again.'), i18n)).toBe(
      'Failed to load user manuals: Something went wrong on our side. Please try again.',
    );
    expect(manualErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), i18n)).toBe(`Failed to load user manuals: ${NETWORK_ERROR_MESSAGE}`);
    expect(manualErrorMessage(new Error('Invalid PDF structure.'), i18n)).toBe('Failed to load user manuals: Invalid PDF structure.');
    expect(isRetryable(new ApiError(500, 'x'))).toBe(true);
  });
});
