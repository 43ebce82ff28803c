import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { loadErrorMessage } from './load-error-message.ts';

describe('loadErrorMessage (product §8)', () => {
  it.each([500, 502, 503, 504])('says the server failed for status %i', (status) => {
    expect(loadErrorMessage(new ApiError(status, 'Something went wrong on our side. Please try again.'), i18n)).toBe('Server error. Please try again later.');
  });

  it('gives the status and the server message for any other refusal', () => {
    expect(loadErrorMessage(new ApiError(403, 'You can only act on your own account.'), i18n)).toBe(
      'Server responded with 403: You can only act on your own account.',
    );
    expect(loadErrorMessage(new ApiError(429, 'Too many requests'), i18n)).toBe('Server responded with 429: Too many requests');
  });

  it('asks the user to check the connection when the request never reached the server', () => {
    // The web's own message, which apiFetch gives a request that never reached the server in the page's language.
    expect(loadErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), i18n)).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
  });

  it('falls back to the face-database message for anything else', () => {
    expect(loadErrorMessage(new TypeError('data.map is not a function'), i18n)).toBe('Unable to load your face database. Please try refreshing the page.');
    expect(loadErrorMessage(undefined, i18n)).toBe('Unable to load your face database. Please try refreshing the page.');
  });
});
