import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '@seva/shared';
import { BODY_LIMIT } from '../../config.ts';
import { DomainError } from '../../domain-errors.ts';
import { clientErrorMessage, STATUS_OF } from '../../plugins/error-handler.ts';
import { oauthError, type OAuthParams } from './device-grant.ts';

/** A form body as the ordered list of its fields: OAuth refuses a parameter sent twice (RFC 6749 §3.1). */
class FormBody {
  constructor(readonly fields: Array<[string, string]>) {}
}

/**
 * How the OAuth endpoints speak HTTP (RFC 6749 §5.2, RFC 8628 §3.5): they read form-encoded bodies (JSON too), and
 * every refusal is `{ "error", "error_description" }`, never the portal's `{ message }` and never a stack.
 */
export function registerOAuthHttp(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, new FormBody([...new URLSearchParams(body as string)]));
  });
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.kind];
      // RFC 8628 §3.5 keeps slow_down for polling too fast (a 400); a rate limit is a plain 429 that says when to return.
      const code = error.details.code ?? (status === 429 ? 'too_many_requests' : 'invalid_request');
      if (error.details.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.details.retryAfterSeconds));
      return reply.status(status).send({ error: code, error_description: asDescription(error.message) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ error: 'invalid_request', error_description: asDescription(clientErrorMessage(error)) });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'server_error', error_description: asDescription(messages.serverError) });
  });
}

/** The parameters of a form or JSON body; a repeated or non-text parameter is refused. */
export function oauthParams(body: unknown): OAuthParams {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw oauthError('invalid_request', 'Send the parameters form-encoded.');
  const fields: Array<[string, unknown]> = body instanceof FormBody ? body.fields : Object.entries(body);
  const params: Record<string, string> = Object.create(null);
  for (const [name, value] of fields) {
    if (typeof value !== 'string') throw oauthError('invalid_request', `${ascii(name)} must be text.`);
    if (Object.hasOwn(params, name)) throw oauthError('invalid_request', `${ascii(name)} is repeated.`);
    params[name] = value;
  }
  return params;
}

/** RFC 6749 §5.2: error_description is printable ASCII without '"' and '\'. */
function asDescription(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');
}

const ascii = (name: string) => asDescription(name.slice(0, 40));
