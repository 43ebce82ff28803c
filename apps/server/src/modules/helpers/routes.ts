import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptInvitationSchema,
  actingForSchema,
  changeHelperPasswordSchema,
  deleteAccountSchema,
  helperMessages,
  helperSignInSchema,
  invitationTokenSchema,
  inviteHelperSchema,
  messages,
  newPasswordSchema,
  resetRequestSchema,
} from '@seva/shared';
import { z } from 'zod';
import { notFound, refused, unauthenticated } from '../../domain-errors.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import type { Identify } from '../../plugins/session.ts';
import { hashToken } from '../../tokens.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../sessions/cookie-http.ts';
import type { HelperCaller, HelpersService } from './service.ts';

interface CookieOptions {
  secureCookies: boolean;
}

// Link and wearer ids are UUIDs: anything else (a NUL, which PostgreSQL text cannot hold) is simply not found.
const idParams = z.object({ id: z.uuid() });
const wearerParams = z.object({ wearerId: z.uuid() });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the helper's own routes (/api/helper): the helper whose session this is. */
    helper: HelperCaller;
  }
}

/**
 * The private scope's second source of identity (issue #18): a helper's session acts for the wearer it has chosen,
 * checked against the link on every request. Sets `request.actor`; the wearer's session is asked first.
 */
export function identifyHelper(helpers: HelpersService): Identify {
  return async (request) => {
    const token = sessionToken(request);
    const found = token ? await helpers.identify(hashToken(token)) : undefined;
    if (!found) return undefined;
    request.actor = found.actor;
    return found.user;
  };
}

/** GET /api/auth/session's answer for a helper's browser, when the cookie is a helper's. */
export function helperProbe(helpers: HelpersService) {
  return async (request: FastifyRequest) => {
    const token = sessionToken(request);
    return token ? helpers.probe(hashToken(token)) : undefined;
  };
}

/** /api/helpers: the wearer's helpers and invitations (private; helpers are refused by the private scope). */
export function wearerHelpersRoutes(helpers: HelpersService) {
  return async (app: FastifyInstance) => {
    app.get('/', async (request) => ({ helpers: await helpers.list(request.user) }));

    app.post('/', async (request, reply) => {
      const helper = await helpers.invite(request.user, parseBody(inviteHelperSchema, request.body), request.caller);
      return reply.status(201).send({ helper });
    });

    app.delete('/:id', async (request, reply) => {
      const params = idParams.safeParse(request.params);
      if (!params.success) throw notFound(helperMessages.helperNotFound);
      await helpers.remove(request.user, params.data.id);
      return reply.status(204).send();
    });
  };
}

/** /api/helper-invitations: the invitation link's page (public: the token is the proof). */
export function invitationRoutes(helpers: HelpersService, options: CookieOptions) {
  return async (app: FastifyInstance) => {
    app.post('/inspect', async (request) => helpers.inspect(parseBody(invitationTokenSchema, request.body).token));

    app.post('/accept', async (request, reply) => {
      const { token, probe } = await helpers.accept(parseBody(acceptInvitationSchema, request.body), request.caller, sessionToken(request));
      setSessionCookie(reply, token, options.secureCookies);
      return probe;
    });

    app.post('/decline', async (request, reply) => {
      await helpers.decline(parseBody(invitationTokenSchema, request.body).token);
      return reply.status(204).send();
    });
  };
}

/** /api/auth/helper: a helper's sign-in and password reset (public). */
export function helperAuthRoutes(helpers: HelpersService, options: CookieOptions) {
  return async (app: FastifyInstance) => {
    app.post('/sign-in', async (request, reply) => {
      const { token, probe } = await helpers.signIn(parseBody(helperSignInSchema, request.body), request.caller, sessionToken(request));
      setSessionCookie(reply, token, options.secureCookies);
      return probe;
    });

    app.post('/forgot-password', async (request) => {
      await helpers.requestPasswordReset(parseBody(resetRequestSchema, request.body).email, request.caller);
      return { message: 'If a helper account has this address, we have sent it a link to choose a new password.' };
    });

    app.post('/reset-password', async (request) => {
      await helpers.resetPassword(parseBody(newPasswordSchema, request.body));
      return { message: 'Your password has been changed. You can now sign in as a helper.' };
    });
  };
}

/**
 * /api/helper: the helper's own account (whom they act for, their password, ending a link, deleting the account).
 * Only a helper's session reaches it, checked before any body is read: none is 401, a wearer's is 403.
 */
export function helperOwnRoutes(helpers: HelpersService, identifyWearer: Identify, options: CookieOptions) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const token = sessionToken(request);
      const helper = token ? await helpers.caller(hashToken(token)) : undefined;
      if (helper) {
        request.helper = helper;
        return;
      }
      if (Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined) reply.header('Connection', 'close');
      if (await identifyWearer(request)) throw refused(helperMessages.helperOnly);
      throw unauthenticated(messages.signInRequired);
    });

    app.post('/acting-for', async (request) => helpers.actFor(request.helper, parseBody(actingForSchema, request.body).wearerId));

    app.put('/password', async (request, reply) => {
      await helpers.changePassword(request.helper, parseBody(changeHelperPasswordSchema, request.body));
      return reply.status(204).send();
    });

    app.delete('/wearers/:wearerId', async (request, reply) => {
      const params = wearerParams.safeParse(request.params);
      if (!params.success) throw notFound(helperMessages.notYourWearer);
      await helpers.stopHelping(request.helper, params.data.wearerId);
      return reply.status(204).send();
    });

    app.delete('/account', async (request, reply) => {
      await helpers.deleteAccount(request.helper, parseBody(deleteAccountSchema, request.body).password, request.caller);
      clearSessionCookie(reply, options.secureCookies);
      return reply.status(204).send();
    });
  };
}
