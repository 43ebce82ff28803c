import { ApiError } from '../../lib/api-client.ts';

/** product §8 (manual): 'Failed to load user manuals: {message}'. */
const failedToLoadManuals = (message: string) => `Failed to load user manuals: ${message}`;

/**
 * What /manual says when the manual cannot be shown. A 404 carries SPEC's own words from the server
 * ('No user manuals found.' or 'No valid user manual found.'); anything else is a failure to load.
 */
export function manualErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return error.message;
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return failedToLoadManuals(message);
}

/** Whether trying again could help: not when the server said there is no manual. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status === 404);
}
