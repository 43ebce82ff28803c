import type { FastifyInstance } from 'fastify';
import type { FeaturesService } from './service.ts';
import { helpersAllowed } from '../../plugins/session.ts';

/** /api/features: the eight glasses features, their download links and whether the user's glasses run them. Signed in only. */
export function featuresRoutes(features: FeaturesService) {
  return async (app: FastifyInstance) => {
    app.get('/', helpersAllowed, async (request) => features.list(request.user));
  };
}
