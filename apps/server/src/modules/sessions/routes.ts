import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionAnswerSchema, type SessionAnswer } from '@seva/shared';
import { noContent, refusals, security } from '../../plugins/api-contract.ts';
import type { Identify } from '../../plugins/session.ts';
import { clearSessionCookie, sessionToken } from './cookie-http.ts';
import type { SessionsService } from './service.ts';
import { toSessionUser } from './session-user.ts';

interface SessionRoutesOptions {
  secureCookies: boolean;
  /** The private scope's own session source (the prepared session read, D-009). */
  identify: Identify;
  /** GET /session's answer when the cookie is a helper's (issue #18). */
  helperProbe?: (request: FastifyRequest) => Promise<SessionAnswer | undefined>;
  /** Ends a helper's session the cookie names (issue #18). */
  alsoSignOut?: (token: string | undefined) => Promise<void>;
}

/** /api/auth's session routes (public): who is signed in, and signing out. */
export function sessionRoutes(sessions: Pick<SessionsService, 'signOut'>, options: SessionRoutesOptions) {
  return async (app: FastifyInstance) => {
    /**
     * Who is signed in, or `{ user: null }` when nobody is. Public: asking is not a failure, so a signed-out page logs
     * no failed request (issue #14); a helper's cookie answers `{ user, helper }` (issue #18), whose `user` holds only
     * what a helper may see of the wearer (D-075).
     */
    const session = {
      schema: {
        tags: ['api: sign in'],
        summary: 'Who this browser is signed in as',
        description:
          'Reads the session cookie: `{ user }` for a wearer, `{ user: null }` when nobody is signed in (not a failure), `{ user, helper }` for a helper, ' +
          'whose `user` is the wearer they act for as a helper may see them (name, e-mail, calling code; never the license ID, phone or sign-ins).',
        security: security.anyone,
        response: { 200: sessionAnswerSchema },
      },
    };
    app.get('/session', session, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await options.identify(request);
      if (user) return { user: toSessionUser(user, { withQrCode: false }) };
      return (await options.helperProbe?.(request)) ?? { user: null };
    });

    const signOut = {
      schema: {
        tags: ['api: sign in'],
        summary: "End the browser's session and clear its cookie",
        description: "Answers 204 whether or not the browser was signed in; a helper's session ends too.",
        security: security.anyone,
        response: { 204: noContent('Signed out.'), ...refusals(403) },
      },
    };
    app.post('/sign-out', signOut, async (request, reply) => {
      await sessions.signOut(sessionToken(request));
      // The cookie may be a helper's session (issue #18): it ends too.
      await options.alsoSignOut?.(sessionToken(request));
      clearSessionCookie(reply, options.secureCookies);
      return reply.status(204).send();
    });
  };
}
