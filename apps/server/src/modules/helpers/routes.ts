import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptInvitationSchema,
  actingForSchema,
  changeHelperPasswordSchema,
  deleteAccountSchema,
  helperMessages,
  helperSignedInAnswerSchema,
  helperSignInSchema,
  helpersAnswerSchema,
  invitationSummarySchema,
  invitationTokenSchema,
  invitedHelperAnswerSchema,
  inviteHelperSchema,
  MAX_HELPERS,
  messageAnswer,
  messages,
  newPasswordSchema,
  resetRequestSchema,
} from '@seva/shared';
import { z } from 'zod';
import { refused, unauthenticated } from '../../domain-errors.ts';
import { noContent, refusals, security } from '../../plugins/api-contract.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { parseParams } from '../../plugins/parse-params.ts';
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

const RESET_LINK_SENT = /*i18n*/ 'If a helper account has this address, we have sent it a link to choose a new password.';
const PASSWORD_RESET = /*i18n*/ 'Your password has been changed. You can now sign in as a helper.';

/** A call about helpers: who may make it, what it takes, its success and the refusals (D-010) it may send. */
const helperCall = (
  summary: string,
  who: (typeof security)[keyof typeof security],
  parts: { params?: z.ZodType; body?: z.ZodType; description?: string },
  response: Record<number, z.ZodType>,
) => ({ schema: { tags: ['api: helpers'], summary, security: who, ...parts, response } });

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
    const list = helperCall("The wearer's helpers and open invitations", security.session, {}, { 200: helpersAnswerSchema, ...refusals(401, 403) });
    app.get('/', list, async (request) => ({ helpers: await helpers.list(request.user) }));

    const invite = helperCall(
      'Invite a helper: the invitation e-mail carries a link that works once',
      security.session,
      { body: inviteHelperSchema, description: `At most ${MAX_HELPERS} helpers and open invitations together (409), one per address.` },
      { 201: invitedHelperAnswerSchema, ...refusals(400, 401, 403, 409, 429, 503) },
    );
    app.post('/', invite, async (request, reply) => {
      const helper = await helpers.invite(request.user, parseBody(inviteHelperSchema, request.body), request.caller);
      return reply.status(201).send({ helper });
    });

    const remove = helperCall(
      "Cancel an invitation, or end a helper's access at once (they are told)",
      security.session,
      { params: idParams },
      { 204: noContent('Cancelled or removed.'), ...refusals(401, 403, 404) },
    );
    app.delete('/:id', remove, async (request, reply) => {
      await helpers.remove(request.user, parseParams(idParams, request.params, helperMessages.helperNotFound).id);
      return reply.status(204).send();
    });
  };
}

/** /api/helper-invitations: the invitation link's page (public: the token is the proof). */
export function invitationRoutes(helpers: HelpersService, options: CookieOptions) {
  return async (app: FastifyInstance) => {
    const inspect = helperCall(
      'Whom an invitation link is from and for, before it is accepted',
      security.anyone,
      { body: invitationTokenSchema, description: 'A link cancelled, declined, expired or used already is 410 and says which.' },
      { 200: invitationSummarySchema, ...refusals(400, 403, 404, 410) },
    );
    app.post('/inspect', inspect, async (request) => helpers.inspect(parseBody(invitationTokenSchema, request.body).token));

    const accept = helperCall(
      "Accept an invitation; the browser is signed in as the helper, acting for the wearer",
      security.anyone,
      { body: acceptInvitationSchema, description: 'Without a helper account for the address: `name`, `password` and `confirmPassword` make one; with one: its `password`. 409 when another invitation made that account a moment ago.' },
      { 200: helperSignedInAnswerSchema, ...refusals(400, 401, 403, 404, 409, 410, 429) },
    );
    app.post('/accept', accept, async (request, reply) => {
      const { token, probe } = await helpers.accept(parseBody(acceptInvitationSchema, request.body), request.caller, sessionToken(request));
      setSessionCookie(reply, token, options.secureCookies);
      return probe;
    });

    const decline = helperCall(
      'Decline an invitation: the link stops working and the wearer is told',
      security.anyone,
      { body: invitationTokenSchema },
      { 204: noContent('Declined.'), ...refusals(400, 403, 404, 410) },
    );
    app.post('/decline', decline, async (request, reply) => {
      await helpers.decline(parseBody(invitationTokenSchema, request.body).token);
      return reply.status(204).send();
    });
  };
}

/** /api/auth/helper: a helper's sign-in and password reset (public). */
export function helperAuthRoutes(helpers: HelpersService, options: CookieOptions) {
  return async (app: FastifyInstance) => {
    const signIn = helperCall(
      "Sign in as a helper; sets the session cookie",
      security.anyone,
      { body: helperSignInSchema, description: 'With one wearer the helper acts for them at once; with several, `actingFor` is null until POST /api/helper/acting-for.' },
      { 200: helperSignedInAnswerSchema, ...refusals(400, 401, 403, 429) },
    );
    app.post('/sign-in', signIn, async (request, reply) => {
      const { token, probe } = await helpers.signIn(parseBody(helperSignInSchema, request.body), request.caller, sessionToken(request));
      setSessionCookie(reply, token, options.secureCookies);
      return probe;
    });

    const forgot = helperCall(
      "E-mail a link to choose a new helper password",
      security.anyone,
      { body: resetRequestSchema, description: 'The same answer whether or not a helper account has the address.' },
      { 200: messageAnswer(RESET_LINK_SENT), ...refusals(400, 403, 429) },
    );
    app.post('/forgot-password', forgot, async (request) => {
      await helpers.requestPasswordReset(parseBody(resetRequestSchema, request.body).email, request.caller);
      return { message: RESET_LINK_SENT };
    });

    const reset = helperCall(
      "Choose a new helper password with the reset link's token",
      security.anyone,
      { body: newPasswordSchema, description: "Every browser of the helper signs in again." },
      { 200: messageAnswer(PASSWORD_RESET), ...refusals(400, 403, 410) },
    );
    app.post('/reset-password', reset, async (request) => {
      await helpers.resetPassword(parseBody(newPasswordSchema, request.body));
      return { message: PASSWORD_RESET };
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

    const actingFor = helperCall(
      'Choose the wearer the helper acts for from now on',
      security.session,
      { body: actingForSchema },
      { 200: helperSignedInAnswerSchema, ...refusals(400, 401, 403) },
    );
    app.post('/acting-for', actingFor, async (request) => helpers.actFor(request.helper, parseBody(actingForSchema, request.body).wearerId));

    const password = helperCall(
      "Change the helper's password; their other browsers sign in again",
      security.session,
      { body: changeHelperPasswordSchema, description: 'A wrong current password counts as a failed sign-in, under the same limits (429).' },
      { 204: noContent('Changed.'), ...refusals(400, 401, 403, 429) },
    );
    app.put('/password', password, async (request, reply) => {
      await helpers.changePassword(request.helper, parseBody(changeHelperPasswordSchema, request.body), request.caller);
      return reply.status(204).send();
    });

    const stop = helperCall(
      'Stop helping a wearer: the link ends and the wearer is told',
      security.session,
      { params: wearerParams },
      { 204: noContent('No longer helping.'), ...refusals(401, 403, 404) },
    );
    app.delete('/wearers/:wearerId', stop, async (request, reply) => {
      await helpers.stopHelping(request.helper, parseParams(wearerParams, request.params, helperMessages.notYourWearer).wearerId);
      return reply.status(204).send();
    });

    const deleteAccount = helperCall(
      "Delete the helper's account (asks its password); every link ends and each wearer is told",
      security.session,
      { body: deleteAccountSchema },
      { 204: noContent('Deleted; the session cookie is cleared.'), ...refusals(400, 401, 403, 429) },
    );
    app.delete('/account', deleteAccount, async (request, reply) => {
      await helpers.deleteAccount(request.helper, parseBody(deleteAccountSchema, request.body).password, request.caller);
      clearSessionCookie(reply, options.secureCookies);
      return reply.status(204).send();
    });
  };
}
