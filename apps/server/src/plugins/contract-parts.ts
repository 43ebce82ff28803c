import { z } from 'zod';
import { refusals, security } from './api-contract.ts';

/** An answer that is a file (a picture, a PDF, an archive), not JSON: its bytes as they are. */
export const fileBytes = z.string().meta({ format: 'binary' });

interface CallParts {
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/**
 * The contract of a signed-in browser's call under /api: its group, what it does, its parts, its success (a zod
 * schema, or a media type's description) and its refusals beyond 401 (nobody signed in) and 403 (a caller the route
 * does not admit: the glasses' token, or a helper where only the wearer may act).
 */
export const browserCall = <S extends Parameters<typeof refusals>[number]>(tag: string, summary: string, parts: CallParts, success: object, ...statuses: S[]) => ({
  tags: [tag],
  summary,
  security: security.session,
  ...parts,
  response: { 200: success, ...refusals<401 | 403 | S>(401, 403, ...statuses) },
});
