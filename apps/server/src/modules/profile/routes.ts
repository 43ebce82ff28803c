import type { FastifyInstance } from 'fastify';
import { profileEditSchema, profileUpdatedMessage } from '@seva/shared';
import { parseBody } from '../../plugins/parse-body.ts';
import { toSessionUser } from '../sessions/session-user.ts';
import type { ProfileService } from './service.ts';

/** /api/profile: GET the user record (product §3), PATCH `{ username }` or `{ phone }`. Signed in only. */
export function profileRoutes(profile: ProfileService) {
  return async (app: FastifyInstance) => {
    app.get('/', async (request) => ({ user: toSessionUser(await profile.read(request.user)) }));

    app.patch('/', async (request) => {
      const { user, field } = await profile.edit(request.user, parseBody(profileEditSchema, request.body));
      return { user: toSessionUser(user), message: profileUpdatedMessage(field) };
    });
  };
}
