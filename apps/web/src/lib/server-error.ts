import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a server refusal where the user will meet it: on its field when the server names one the form has,
 * otherwise returned for the screen's live region. `fallback` is SPEC §8's catch-all message.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500 || error.isNetworkError) return error.isNetworkError ? error.message : fallback;
  const field = fields.find((f) => f === error.field);
  if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return error.message;
}
