import type { FastifyInstance } from 'fastify';
import { profileAnswerSchema, profileEditSchema, profileUpdatedAnswerSchema, profileUpdatedMessage } from '@seva/shared';
import { browserCall } from '../../plugins/contract-parts.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { toSessionUser } from '../sessions/session-user.ts';
import type { ProfileService } from './service.ts';

/** /api/profile: GET the user record (product §3), PATCH `{ username }` or `{ phone }`. Signed in only. */
export function profileRoutes(profile: ProfileService) {
  return async (app: FastifyInstance) => {
    const readCall = { schema: browserCall('api: profile', "The signed-in user's record, with its identity QR", {}, profileAnswerSchema) };
    app.get('/', readCall, async (request) => ({ user: toSessionUser(await profile.read(request.user)) }));

    const editCall = {
      schema: browserCall(
        'api: profile',
        'Change the username or the phone, one at a time',
        { body: profileEditSchema, description: 'Send `{ "username" }` or `{ "phone": "+919876543210" }`; e-mail and license ID cannot be changed.' },
        profileUpdatedAnswerSchema,
        400,
      ),
    };
    app.patch('/', editCall, async (request) => {
      const { user, field } = await profile.edit(request.user, parseBody(profileEditSchema, request.body));
      return { user: toSessionUser(user), message: profileUpdatedMessage(field) };
    });
  };
}
