import { firstIssue } from '@seva/shared';
import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/** Parses a body with a shared schema; a failure becomes a 400 with the schema's own message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'invalid_type' && issue.path.length === 1) {
    const key = String(issue.path[0]);
    const value = (body as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) throw new HttpError(400, `${key} must be ${issue.expected === 'string' ? 'text' : issue.expected}.`, { field: key });
  }
  const { message, field } = firstIssue(result.error);
  throw new HttpError(400, message, field ? { field } : {});
}
