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
    const field = fieldNotText(result.data);
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

/**
 * The path of a parsed string that is not text a person could have typed ('' for the root), if any: one holding
 * U+0000, which PostgreSQL text cannot hold, or half a UTF-16 character (a lone surrogate), which has no UTF-8 and
 * breaks whatever encodes it next: a database, a rate limit's key, an e-mail (issue #34).
 */
function fieldNotText(data: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[data, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string' && notText(value)) return path;
    if (!Array.isArray(value) && !isPlainObject(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (notText(key)) return childPath;
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

/** With the u flag, \p{Cs} matches only a surrogate that is not half of a pair. */
const notText = (value: string) => value.includes('\u0000') || /\p{Cs}/u.test(value);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
