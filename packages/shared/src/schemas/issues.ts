import { fill } from '../localise.ts';
import type { z } from 'zod';

/** The first message of a failed parse, as the server answers it; field names a form can focus. */
export function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { message: /*i18n*/ 'Invalid request.' };
  if (issue.code === 'unrecognized_keys') return { message: fill(/*i18n*/ 'Unknown field: {field}', { field: issue.keys.join(', ') }) };
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  return field === undefined ? { message: issue.message } : { message: issue.message, field };
}
