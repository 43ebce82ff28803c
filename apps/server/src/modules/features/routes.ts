import type { FastifyInstance } from 'fastify';
import { featuresAnswerSchema } from '@seva/shared';
import { browserCall } from '../../plugins/contract-parts.ts';
import { helpersAllowed } from '../../plugins/session.ts';
import type { FeaturesService } from './service.ts';

/** /api/features: the eight glasses features, their download links and whether the user's glasses run them. Signed in only. */
export function featuresRoutes(features: FeaturesService) {
  return async (app: FastifyInstance) => {
    const listCall = { ...helpersAllowed, schema: browserCall('api: features', 'The eight features, their download links and what the glasses run', {}, featuresAnswerSchema) };
    app.get('/', listCall, async (request) => features.list(request.user));
  };
}
