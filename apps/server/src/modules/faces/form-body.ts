import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@seva/shared';
import { invalid } from '../../domain-errors.ts';
import { BODY_LIMIT } from '../../config.ts';

/** SPEC §7 sends form data: multipart (with a file) or urlencoded. Both become a plain object of fields. */
export async function registerFormParsers(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The text fields of a form and its one file, if any. */
export function formOf(request: FastifyRequest): { fields: Record<string, unknown>; file: Buffer | undefined } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('The request must be a form.');
  const { file, ...fields } = body;
  if (file !== undefined && !Buffer.isBuffer(file)) throw invalid('The file field must be an image file.', 'file');
  return { fields, file };
}
