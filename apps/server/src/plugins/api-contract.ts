import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { errorAnswerSchema } from '@seva/shared';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSerializer } from './answer-serializer.ts';
import { SESSION_COOKIE } from '../modules/sessions/cookie-http.ts';

/** Where the description of the API is published, and its readable reference. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The version of the API the document describes: it changes when an answer changes in a way a client must know. */
const API_VERSION = '1.0.0';

type Security = Array<Record<string, string[]>>;
/** Who may call a route, as the document says it: the glasses' bearer token, a browser's session, or either. */
export const security = {
  glasses: [{ glassesToken: [] }] as Security,
  session: [{ session: [] }] as Security,
  glassesOrSession: [{ glassesToken: [] }, { session: [] }] as Security,
  anyone: [] as Security,
};

type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 416 | 422 | 429 | 503;
/** The refusals (`{ message, field? }`, D-010) a route may answer, each described by the one refusal schema. */
export const refusals = <S extends RefusalStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorAnswerSchema])) as Record<S, typeof errorAnswerSchema>;

/** A success without a body (204): the document gives it no content. */
export const noContent = (description: string) => z.null().meta({ description });

/**
 * D-048: a route's schemas describe it. Bodies are still read by `parseBody` in the route, which gives the portal's
 * own messages (`{ message, field }`), so the schemas are not used to validate requests here; answers are written
 * from their schema, which drops every field it does not declare (answer-serializer.ts, D-057).
 */
const describedOnly: FastifySchemaCompiler<unknown> = () => (value) => ({ value });

/**
 * The API's contract: the route schemas' compilers, the OpenAPI 3.1 document generated from them, served at
 * /api/openapi.json (public, revalidated by ETag), and a reference to read at /api/docs whose files come with
 * @fastify/swagger-ui (nothing is fetched from elsewhere). Registered before any route, so that every route is seen.
 */
export async function registerApiContract(app: FastifyInstance, { checkAnswers = false }: { checkAnswers?: boolean } = {}): Promise<void> {
  app.setValidatorCompiler(describedOnly);
  app.setSerializerCompiler(answerSerializer({ checkAnswers }));
  app.addHook('onRoute', declareRefusalsBeforeTheRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SEVA portal API',
        version: API_VERSION,
        description:
          'The API of the SEVA portal: the glasses pair through /oauth (RFC 8628) and then call /device-api and /face-api ' +
          'with their bearer token; the web app uses /api with its session cookie. A refusal is `{ message, field? }` ' +
          '(OAuth endpoints: `{ error, error_description }`).',
      },
      components: {
        securitySchemes: {
          glassesToken: { type: 'http', scheme: 'bearer', description: 'The access token /oauth/token gave the glasses.' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'A signed-in browser.' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas named with `.meta({ id })` (the refusals) are written once, under components.
    transformObject: jsonSchemaTransformObject,
    hideUntagged: false,
  });
  // Its pages are sent under the pages' Content-Security-Policy (plugins/security-headers.ts), not the API's.
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, staticCSP: false });

  let document: { body: string; etag: string } | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (request, reply) => {
    document ??= documentOf(app.swagger());
    reply.header('Cache-Control', 'public, max-age=300').header('ETag', document.etag);
    if (request.headers['if-none-match'] === document.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(document.body);
  });
}

/** Methods whose body Fastify reads, whatever the route declares, before the route runs. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Issue #34: what every route may answer before its handler runs, declared on each so that the document says every
 * status a client can get. A method that carries a body: a body that cannot be read (400), too large (413), of a type
 * no parser takes (415), or sent by another site's page (403, plugins/same-origin.ts), each written like the route's
 * own refusals (the OAuth endpoints' `{ error }`). A path with parameters: a part that is not UTF-8 (400) or too long
 * (414), which the framework answers as `{ message }` before any route is chosen (plugins/error-handler.ts).
 */
function declareRefusalsBeforeTheRoute(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response) return;
  const declared = { ...response };
  if ([route.method].flat().some((method) => WITH_BODY.has(method))) {
    const ownRefusal = Object.entries(response).find(([status]) => status.startsWith('4'))?.[1] ?? errorAnswerSchema;
    for (const status of [400, 403, 413, 415]) declared[status] ??= ownRefusal;
  }
  if (route.url.includes(':')) for (const status of [400, 414]) declared[status] ??= errorAnswerSchema;
  // A copy: routes may share one response object, and each gets only what its own method and path can bring.
  route.schema = { ...route.schema, response: declared };
}

function documentOf(spec: unknown): { body: string; etag: string } {
  const body = JSON.stringify(spec);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
