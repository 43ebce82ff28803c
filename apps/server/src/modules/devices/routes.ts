import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceMessages, installedFeaturesSchema, pairingCodeSchema } from '@seva/shared';
import { z } from 'zod';
import { unauthenticated } from '../../domain-errors.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import { actingDevice } from '../../plugins/acting-device.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { oauthParams, registerOAuthHttp } from './oauth-http.ts';
import type { DevicesService } from './service.ts';

/** /oauth (public): RFC 8628's device authorization and token endpoints, for the glasses. */
export function oauthRoutes(devices: DevicesService) {
  return async (app: FastifyInstance) => {
    registerOAuthHttp(app);

    app.post('/device_authorization', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return devices.startAuthorization(oauthParams(request.body), request.ip);
    });

    app.post('/token', async (request, reply) => {
      reply.headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
      return devices.exchange(oauthParams(request.body));
    });
  };
}

const deviceParams = z.object({ id: z.string() });

/** /api/devices (signed-in browser): answer a pairing code on /pair, list and unpair glasses on /profile. */
export function devicesRoutes(devices: DevicesService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/', async (request) => ({ devices: await devices.list(request.user) }));

    app.post('/pairing/check', async (request) => devices.findPending(request.user, parseBody(pairingCodeSchema, request.body).code, request.ip));

    app.post('/pairing/allow', async (request) => {
      const device = await devices.allow(request.user, parseBody(pairingCodeSchema, request.body).code, request.ip, actingDevice(request));
      return { message: deviceMessages.paired, device };
    });

    app.post('/pairing/deny', async (request) => {
      await devices.deny(request.user, parseBody(pairingCodeSchema, request.body).code, request.ip);
      return { message: deviceMessages.denied };
    });

    app.delete('/:id', async (request) => {
      const name = await devices.unpair(request.user, deviceParams.parse(request.params).id, actingDevice(request));
      return { message: deviceMessages.unpaired(name) };
    });
  };
}

/** The glasses calling with their token (the bearer-only scope sets request.device). */
function deviceOf(request: FastifyRequest) {
  if (!request.device) throw unauthenticated(deviceMessages.tokenRequired);
  return request.device;
}

/** /device-api (bearer token only): what the glasses keep, and what they report running. */
export function deviceApiRoutes(devices: DevicesService, metrics?: Pick<PortalMetrics, 'syncRequests' | 'syncBytes'>) {
  return async (app: FastifyInstance) => {
    // A whole account (1,000 faces) is 1.3 MB of descriptors: gzipped when the glasses accept it, at level 1, which
    // takes a sixth of the default level's time for 10 % more bytes (bench/sync.bench.ts).
    app.get('/sync', { compress: { encodings: ['gzip'], threshold: 2048, zlibOptions: { level: 1 } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // Written here, not by Fastify, so that its size is counted (the same JSON.stringify Fastify would run).
      const body = JSON.stringify(await devices.sync(request.user, (request.query as Record<string, unknown>).since));
      metrics?.syncRequests.inc();
      metrics?.syncBytes.inc(Buffer.byteLength(body));
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.put('/installed-features', { bodyLimit: 4096 }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return devices.reportInstalled(request.user, deviceOf(request), parseBody(installedFeaturesSchema, request.body).features);
    });
  };
}
