import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  FST_ERR_CTP_INVALID_MEDIA_TYPE: /*i18n*/ 'This content type is not accepted.',
  FST_ERR_CTP_EMPTY_JSON_BODY: /*i18n*/ 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedBody,
  FST_REQ_FILE_TOO_LARGE: /*i18n*/ 'Image size too large (max 5MB)',
  FST_PARTS_LIMIT: /*i18n*/ 'The form has too many parts.',
  FST_FILES_LIMIT: /*i18n*/ 'Send one file at a time.',
  FST_FIELDS_LIMIT: /*i18n*/ 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: /*i18n*/ 'The request must be a multipart form.',
  FST_MP_PREMATURE_CLOSE: /*i18n*/ 'The form arrived incomplete. Please send it again.',
  FST_PROTO_VIOLATION: /*i18n*/ 'This form has a field name that is not allowed.',
  FST_ERR_BAD_URL: /*i18n*/ 'This address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: /*i18n*/ 'This address is too long.',
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
    // An unexpected failure: the answer carries the request's id, which the web app shows as 'Reference: …' (D-030).
    return reply.status(500).send({ message: messages.serverError, requestId: request.id });
  });
}

/** What to tell a client whose request the framework refused (4xx): words a person can act on, never internals. */
export function clientErrorMessage(error: FastifyError): string {
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  return known ?? (error.code?.startsWith('FST_') || error.validation ? /*i18n*/ 'The request is not valid.' : error.message);
}

/**
 * Fastify's refusals before a route is found (a path part longer than maxParamLength: 414; a malformed URL: 400),
 * in the portal's `{ message }` shape rather than Fastify's, which echoes the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).header('X-Request-Id', request.id).send({ message: clientErrorMessage(error) });
}

/** Node hands the packet it was parsing as a Buffer (Fastify's types describe its JSON form). */
function rawBytes(packet: unknown): Buffer {
  if (Buffer.isBuffer(packet)) return packet;
  const data = (packet as { data?: number[] } | undefined)?.data;
  return Buffer.from(Array.isArray(data) ? data : []);
}

/** What Node's HTTP parser refuses before Fastify sees a request, as status and message. */
function connectionRefusal(error: ConnectionError): [number, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The bytes Node was parsing: when the request line is longer than every header after it, the address is to blame.
    const seen = rawBytes(error.rawPacket).toString('latin1');
    const lineEnd = seen.indexOf('\r\n');
    const requestLine = lineEnd === -1 ? seen.length : lineEnd;
    if (requestLine > seen.length - requestLine) return [414, 'This address is too long.'];
    return [431, "The request's headers are too large. Clearing this site's cookies may help."];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive. Please try again.'];
  return [400, 'The request could not be read.'];
}

/**
 * Node answers a request it cannot parse (huge headers or cookies, a request line too long, garbage) itself, before
 * Fastify: this says it in the portal's shape, then closes the connection as Node does.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if ((error.code as string) === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = connectionRefusal(error);
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
