import type { FastifyInstance } from 'fastify';
import { livenessAnswerSchema, notReadySchema, readinessSchema } from '@seva/shared';
import { refusals, security } from '../../plugins/api-contract.ts';
import type { HealthService } from './service.ts';

const healthCall = (summary: string, response: object) => ({ schema: { tags: ['api: health'], summary, security: security.anyone, response } });

/** Public, for load balancers and orchestrators; never cached. */
export function healthRoutes(health: HealthService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    /** Liveness: 200 `{ status: 'ok' }` when the database answers, 503 otherwise. */
    app.get('/', healthCall('Liveness: the instance lives and its database answers', { 200: livenessAnswerSchema, ...refusals(503) }), async () => health.check());

    /**
     * Readiness: 200 `{ status: 'ready', checks }` when every check is 'ok'; 503 `{ status: 'not-ready', message, checks }`
     * naming what is wrong (also from the moment a shutdown begins).
     */
    app.get('/ready', healthCall('Readiness: whether to send this instance requests', { 200: readinessSchema, 503: notReadySchema }), async (_request, reply) => {
      const readiness = await health.ready();
      if (readiness.status === 'ready') return readiness;
      const wrong = Object.values(readiness.checks).filter((check) => check !== 'ok');
      return reply.status(503).send({ ...readiness, message: `Not ready: ${wrong.join(' ')}` });
    });
  };
}
