import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '@seva/shared';
import { DomainError, type DomainErrorKind } from '../domain-errors.ts';

/** How each kind of domain error is said in HTTP (D-010). */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  refused: 403,
  'not-found': 404,
  conflict: 409,
  expired: 410,
  unprocessable: 422,
  'too-many': 429,
  unavailable: 503,
};

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
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(STATUS_OF[error.kind]).send({ message: error.message, ...error.details });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ message: clientErrorMessage(error) });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.serverError });
  });
}

/** What to tell a client whose request the framework refused (4xx): words a person can act on, never internals. */
export function clientErrorMessage(error: FastifyError): string {
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  return known ?? (error.code?.startsWith('FST_') || error.validation ? 'The request is not valid.' : error.message);
}
