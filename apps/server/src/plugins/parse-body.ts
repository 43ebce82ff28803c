import type { z } from 'zod';
import { invalid } from '../domain-errors.ts';
import { parseInput } from '../parse-input.ts';

/** Parses a body with a shared schema; a failure becomes a 400 with the schema's own message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid(/*i18n*/ 'The request body must be a JSON object.');
  }
  return parseInput(schema, body);
}
