import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@seva/shared';
import { invalid } from '../../domain-errors.ts';
import { BODY_LIMIT } from '../../config.ts';

/** What a client hears when its multipart body cannot be read (no boundary, cut off, broken part headers). */
export const MALFORMED_FORM = /*i18n*/ 'The form could not be read: it is incomplete or not a valid multipart form. Please send it again.';

/**
 * product §7 sends form data: multipart (with a file) or urlencoded. Both become a plain object of fields (a file as a
 * Buffer), read after the private scope has checked identity. A multipart body the parser cannot read is the
 * client's fault: 400 with a clear message and a warning in the log, never a 500 with a stack.
 */
export async function registerFormParsers(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipart(request);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Every part of a multipart body: text fields as strings, the file as a Buffer; a name given twice holds a list. */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts()) {
      const value = part.type === 'file' ? await part.toBuffer() : part.value;
      const earlier = fields.get(part.fieldname);
      fields.set(part.fieldname, earlier === undefined ? value : [earlier, value].flat());
    }
  } catch (error) {
    // The plugin's own refusals (a file over 5 MB, too many parts, a closed connection) carry a 4xx status and code.
    if (isFrameworkRefusal(error)) throw error;
    request.log.warn({ reason: (error as Error).message }, 'malformed multipart form');
    throw invalid(MALFORMED_FORM);
  }
  return Object.fromEntries(fields);
}

function isFrameworkRefusal(error: unknown): boolean {
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && typeof code === 'string' && code.startsWith('FST_');
}

/** The text fields of a form and its one file, if any. */
export function formOf(request: FastifyRequest): { fields: Record<string, unknown>; file: Buffer | undefined } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid(/*i18n*/ 'The request must be a form.');
  const { file, ...fields } = body;
  if (file !== undefined && !Buffer.isBuffer(file)) throw invalid(/*i18n*/ 'The file field must be an image file.', 'file');
  return { fields, file };
}
