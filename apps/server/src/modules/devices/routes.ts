import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceAuthorizationAnswerSchema, deviceAuthorizationRequestSchema, deviceMessages, errorAnswerSchema, glassesApiMessages, installedFeaturesAnswerSchema, installedFeaturesSchema, messageAnswerSchema, oauthErrorSchema, pairedDevicesAnswerSchema, pairingAllowedAnswerSchema, pairingAllowSchema, pairingCodeSchema, pendingPairingSchema, syncAnswerSchema, tokenAnswerSchema, tokenRequestSchema } from '@seva/shared';
import { z } from 'zod';
import { DomainError, tooMany, unauthenticated, unavailable } from '../../domain-errors.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import { security } from '../../plugins/api-contract.ts';
import { browserCall } from '../../plugins/contract-parts.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { parseParams } from '../../plugins/parse-params.ts';
import { glassesMay } from '../../plugins/session.ts';
import { oauthParams, registerOAuthHttp } from './oauth-http.ts';
import type { EventStreams } from './event-streams.ts';
import type { DevicesService } from './service.ts';
import { readCursor } from './sync-cursor.ts';

/** An OAuth endpoint's form: its parameters, form-encoded (JSON too); every refusal is an OAuth error. */
const oauthCall = (summary: string, description: string, body: z.ZodType, answer: z.ZodType) => ({
  schema: {
    tags: ['oauth'],
    summary,
    description,
    security: security.anyone,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    body,
    response: { 200: answer, 400: oauthErrorSchema, 401: oauthErrorSchema, 429: oauthErrorSchema },
  },
});

/** /oauth (public): RFC 8628's device authorization and token endpoints, for the glasses. */
export function oauthRoutes(devices: DevicesService) {
  return async (app: FastifyInstance) => {
    registerOAuthHttp(app);

    const authorization = oauthCall(
      'Start pairing: a code for the wearer to enter at /pair',
      'RFC 8628 §3.1. The glasses show or say `user_code` and poll /oauth/token with `device_code`.',
      deviceAuthorizationRequestSchema,
      deviceAuthorizationAnswerSchema,
    );
    app.post('/device_authorization', authorization, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return devices.startAuthorization(oauthParams(request.body), request.caller.ip);
    });

    const token = oauthCall(
      'Poll for the token once the wearer allowed the code',
      'RFC 8628 §3.4: `authorization_pending` until the wearer allows, `slow_down` when polled too fast, `access_denied` or `expired_token` at the end.',
      tokenRequestSchema,
      tokenAnswerSchema,
    );
    app.post('/token', token, async (request, reply) => {
      reply.headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
      return devices.exchange(oauthParams(request.body), request.caller.ip);
    });
  };
}

const deviceParams = z.object({ id: z.string() });

/** A call of the signed-in browser's /api/devices: the refusals a code (409: already answered), the glasses or the pairing limit may bring. */
const glassesCall = (summary: string, parts: { params?: z.ZodType; body?: z.ZodType }, answer: z.ZodType) => ({
  schema: browserCall('api: glasses', summary, parts, answer, 400, 404, 409, 410, 429),
});

/** /api/devices (signed-in browser): answer a pairing code on /pair, list and unpair glasses on /profile. */
export function devicesRoutes(devices: DevicesService) {
  return async (app: FastifyInstance) => {
    app.get('/', glassesCall('The paired glasses', {}, pairedDevicesAnswerSchema), async (request) => ({ devices: await devices.list(request.user) }));

    app.post('/pairing/check', glassesCall('The glasses waiting for a pairing code', { body: pairingCodeSchema }, pendingPairingSchema), async (request) => devices.findPending(request.user, parseBody(pairingCodeSchema, request.body).code, request.caller.ip));

    app.post('/pairing/allow', glassesCall('Pair the glasses waiting for the code (asks the password)', { body: pairingAllowSchema }, pairingAllowedAnswerSchema), async (request) => {
      const input = parseBody(pairingAllowSchema, request.body);
      const device = await devices.allow(request.user, input, request.caller, request.caller.from);
      return { message: deviceMessages.paired, device };
    });

    app.post('/pairing/deny', glassesCall('Refuse the glasses waiting for the code', { body: pairingCodeSchema }, messageAnswerSchema), async (request) => {
      await devices.deny(request.user, parseBody(pairingCodeSchema, request.body).code, request.caller.ip, request.caller.from);
      return { message: deviceMessages.denied };
    });

    app.delete('/:id', glassesCall('Unpair glasses: their token stops working', { params: deviceParams }, messageAnswerSchema), async (request) => {
      const name = await devices.unpair(request.user, parseParams(deviceParams, request.params, deviceMessages.deviceNotFound).id, request.caller.from);
      return { message: deviceMessages.unpaired(name) };
    });
  };
}

/** The glasses calling with their token (the bearer-only scope sets request.device). */
function deviceOf(request: FastifyRequest) {
  if (!request.device) throw unauthenticated(glassesApiMessages.tokenRequired);
  return request.device;
}

/** The first text of a header or query value that may come as a list. */
const firstText = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** /device-api (bearer token only): what the glasses keep, what they report running, and the stream of changes. */
export function deviceApiRoutes(devices: DevicesService, events: EventStreams, metrics?: Pick<PortalMetrics, 'syncRequests' | 'syncBytes'>) {
  return async (app: FastifyInstance) => {
    // A whole account (1,000 faces) is 1.3 MB of descriptors: gzipped when the glasses accept it, at level 1, which
    // takes a sixth of the default level's time for 10 % more bytes (bench/sync.bench.ts).
    const syncOptions = {
      compress: { encodings: ['gzip' as const], threshold: 2048, zlibOptions: { level: 1 } },
      ...glassesMay('faces:read', 'contacts:read', 'features'),
      schema: {
        tags: ['device-api'],
        summary: 'Everything the glasses keep, or what changed since a cursor',
        description:
          'Needs the `faces:read`, `contacts:read` and `features` scopes; what a scope does not allow comes back empty. A cursor older than the deletions kept answers 410 `cursor_expired`: start over without `since`. A `since` that is no cursor these glasses were given answers 400 `invalid_cursor`.',
        security: security.glasses,
        querystring: z.object({ since: z.string().optional().meta({ description: 'The `cursor` of the last answer.' }) }),
        response: {
          200: syncAnswerSchema,
          400: errorAnswerSchema,
          401: errorAnswerSchema,
          403: errorAnswerSchema,
          410: errorAnswerSchema.extend({ error: z.literal('cursor_expired') }).meta({ id: 'CursorExpired', examples: [{ error: 'cursor_expired', message: 'Sync again from the start.' }] }),
        },
      },
    };
    app.get('/sync', syncOptions, async (request, reply) => {
      let answer;
      try {
        answer = await devices.sync(request.user, (request.query as Record<string, unknown>).since, request.device?.scopes);
      } catch (error) {
        // As Google's sync tokens: a cursor older than the deletions kept answers 410 { error }, and the glasses start over.
        if (error instanceof DomainError && error.details.code === 'cursor_expired') return reply.status(410).send({ error: 'cursor_expired', message: error.message });
        throw error;
      }
      // Written here, not by Fastify, so that its size is counted (the same JSON.stringify Fastify would run).
      const body = JSON.stringify(answer);
      metrics?.syncRequests.inc();
      metrics?.syncBytes.inc(Buffer.byteLength(body));
      return reply.type('application/json; charset=utf-8').send(body);
    });

    /**
     * Server-Sent Events (HTML standard §9.2): `changed` with the cursor a delta sync would answer, `revoked` when the
     * glasses are unpaired, a comment as heartbeat. Last-Event-ID (or ?since=) says where the glasses stand.
     */
    const eventsOptions = {
      ...glassesMay('events'),
      schema: {
        tags: ['device-api'],
        summary: 'A stream of changes (Server-Sent Events)',
        description:
          'Needs the `events` scope. `text/event-stream`: a `changed` event carries the cursor a sync since would answer, `revoked` says the glasses were unpaired, a comment is a heartbeat. Send `Last-Event-ID` (or `?since=`) to say where the glasses stand.',
        security: security.glasses,
        querystring: z.object({ since: z.string().optional() }),
        response: {
          200: {
            description: 'The stream, open until the glasses close it or are unpaired.',
            content: { 'text/event-stream': { schema: z.string().meta({ examples: ['retry: 5000\n\nevent: changed\nid: v1.42.7\ndata: {"cursor":"v1.42.7"}\n\n: heartbeat\n\n'] }) } },
          },
          401: errorAnswerSchema,
          403: errorAnswerSchema,
          429: errorAnswerSchema,
          503: errorAnswerSchema,
        },
      },
    };
    app.get('/events', eventsOptions, async (request, reply) => {
      const device = deviceOf(request);
      const refusal = events.refusal(request.user.uid, device.id);
      if (refusal === 'closing') {
        reply.header('Retry-After', '1');
        throw unavailable(glassesApiMessages.streamsClosing);
      }
      if (refusal === 'too-many') throw tooMany(glassesApiMessages.tooManyStreams);
      const said = firstText(request.headers['last-event-id']) ?? firstText((request.query as Record<string, unknown>).since);
      const known = typeof said === 'string' ? readCursor(said.trim(), request.user.uid) : undefined;
      reply.headers({ 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' });
      reply.hijack();
      reply.raw.writeHead(200, reply.getHeaders() as Record<string, string>);
      try {
        await events.open(request.user.uid, device.id, reply.raw, known);
      } catch (error) {
        // Where the account stands could not be read: the glasses reconnect after `retry:` and try again.
        request.log.error({ err: error }, 'event stream failed to open');
        reply.raw.end();
      }
    });

    app.addHook('preClose', async () => events.closeAll());

    const installedOptions = {
      bodyLimit: 4096,
      ...glassesMay('features'),
      schema: {
        tags: ['device-api'],
        summary: 'Report the features the glasses run, by version',
        description: 'Needs the `features` scope.',
        security: security.glasses,
        body: installedFeaturesSchema,
        response: { 200: installedFeaturesAnswerSchema, 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
      },
    };
    app.put('/installed-features', installedOptions, async (request) =>
      devices.reportInstalled(request.user, deviceOf(request), parseBody(installedFeaturesSchema, request.body).features),
    );
  };
}
