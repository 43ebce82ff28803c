import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localise } from '@seva/shared';
import { ApiError } from '../../lib/api-client.ts';

/**
 * What /manual says when the manual cannot be shown. A 404 carries SPEC's own words from the server
 * ('No user manuals found.' or 'No valid user manual found.'); anything else is a failure to load, product §8's
 * 'Failed to load user manuals: {message}'. In `i18n`'s language, the reason too when a catalog holds it.
 */
export function manualErrorMessage(error: unknown, i18n: I18n): string {
  if (error instanceof ApiError && error.status === 404) return localise(i18n, error.message);
  const message = error instanceof Error && error.message ? localise(i18n, error.message) : i18n._(msg`Unknown error`);
  return i18n._(msg`Failed to load user manuals: ${message}`);
}

/** Whether trying again could help: not when the server said there is no manual. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status === 404);
}
