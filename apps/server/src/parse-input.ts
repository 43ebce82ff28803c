import { firstIssue } from '@seva/shared';
import type { z } from 'zod';
import { invalid } from './domain-errors.ts';

/**
 * Parses an object with a shared schema: a failure is an `invalid` domain error with the schema's own message and
 * field (a 400 over HTTP). Used by routes for a body (plugins/parse-body.ts) and by a service whose rule decides
 * which schema applies (accepting a helper's invitation).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: object): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) {
    const field = fieldWithNul(result.data);
    if (field !== undefined) throw invalid(/*i18n*/ 'This text contains a character that is not allowed.', field);
    return result.data;
  }
  const issue = result.error.issues[0];
  if (issue?.code === 'invalid_type' && issue.path.length === 1) {
    const key = String(issue.path[0]);
    const value = (input as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) throw invalid(`${key} must be ${issue.expected === 'string' ? 'text' : issue.expected}.`, key);
  }
  const { message, field } = firstIssue(result.error);
  throw invalid(message, field);
}

/** PostgreSQL text cannot hold U+0000, so no parsed string may: the path of one that does ('' for the root), if any. */
function fieldWithNul(data: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[data, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string' && value.includes('\u0000')) return path;
    if (!Array.isArray(value) && !isPlainObject(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
