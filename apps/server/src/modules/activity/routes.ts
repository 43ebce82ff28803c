import type { FastifyInstance } from 'fastify';
import type { ActivityService } from './service.ts';

/** /api/activity: the account's newest events, for 'Recent activity' on /profile. Signed in only. */
export function activityRoutes(activity: ActivityService) {
  return async (app: FastifyInstance) => {
    app.get('/', async (request) => ({ events: await activity.recent(request.user) }));
  };
}
