import type { FastifyInstance } from 'fastify';
import { activityAnswerSchema } from '@seva/shared';
import { browserCall } from '../../plugins/contract-parts.ts';
import type { ActivityService } from './service.ts';

/** /api/activity: the account's newest events, for 'Recent activity' on /profile. Signed in only. */
export function activityRoutes(activity: ActivityService) {
  return async (app: FastifyInstance) => {
    app.get('/', { schema: browserCall('api: activity', "The account's newest events", {}, activityAnswerSchema) }, async (request) => ({ events: await activity.recent(request.user) }));
  };
}
