import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '@seva/shared';
import { HttpError } from './http-error.ts';

/** Framework errors a client can cause, with words a person can act on. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedBody,
  FST_REQ_FILE_TOO_LARGE: 'Image size too large (max 5MB)',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'Send one file at a time.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request must be a multipart form.',
};

/** One place that turns errors into answers: the real message for 4xx, a generic one for 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.details });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
      const message = known ?? (error.code?.startsWith('FST_') || error.validation ? 'The request is not valid.' : error.message);
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.serverError });
  });
}
