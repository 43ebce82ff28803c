import type { FastifyInstance } from 'fastify';
import { createFeaturesService } from './service.ts';

/** /api/features: the eight glasses features and their download links. Signed in only. */
export async function featuresRoutes(app: FastifyInstance): Promise<void> {
  const features = createFeaturesService({ db: app.context.database.db });
  app.addHook('preHandler', app.context.requireUser);

  app.get('/', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return features.list();
  });
}
