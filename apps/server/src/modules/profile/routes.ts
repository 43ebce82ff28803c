import type { FastifyInstance } from 'fastify';
import { profileEditSchema, profileUpdatedMessage } from '@seva/shared';
import { parseBody } from '../../plugins/parse-body.ts';
import { toSessionUser } from '../identity/session-user.ts';
import { createProfileService } from './service.ts';

/** /api/profile: GET the user record (SPEC §3), PATCH `{ username }` or `{ phone }`. Signed in only. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const profile = createProfileService({ db: app.context.database.db });
  app.addHook('preHandler', app.context.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/', async (request) => ({ user: toSessionUser(await profile.read(request.user)) }));

  app.patch('/', async (request) => {
    const { user, field } = await profile.edit(request.user, parseBody(profileEditSchema, request.body));
    return { user: toSessionUser(user), message: profileUpdatedMessage(field) };
  });
}
