import type { FastifyInstance } from 'fastify';
import type { HealthService } from './service.ts';

/** GET /api/health: 200 `{ status: 'ok' }` when the database answers, 503 otherwise. Public, for load balancers. */
export function healthRoutes(health: HealthService) {
  return async (app: FastifyInstance) => {
    app.get('/', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return health.check();
    });
  };
}
