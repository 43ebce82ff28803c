import type { z } from 'zod';
import { notFound } from '../domain-errors.ts';

/**
 * Reads a route's path parameters with the schema its contract declares (the schemas do not validate requests,
 * D-048): a value the schema refuses, such as an id that is no UUID, names nothing there is, so it is a 404.
 */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown, notFoundMessage: string): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data;
}
