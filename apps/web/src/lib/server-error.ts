import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a server refusal where the user will meet it: on its field when the server names one the form has (then
 * null: the form's error summary lists it with the field's other errors), otherwise returned for the form's `failure`,
 * so that it is said once. `fallback` is product §8's catch-all message.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500 || error.isNetworkError) return error.isNetworkError ? error.message : fallback;
  const field = fields.find((f) => f === error.field);
  if (!field) return error.message;
  setError(field, { type: 'server', message: error.message });
  return null;
}
