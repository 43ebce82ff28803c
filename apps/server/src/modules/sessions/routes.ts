import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identify } from '../../plugins/session.ts';
import { clearSessionCookie, sessionToken } from './cookie-http.ts';
import type { SessionsService } from './service.ts';
import { toSessionUser } from './session-user.ts';

interface SessionRoutesOptions {
  secureCookies: boolean;
  /** The private scope's own session source (the prepared session read, D-009). */
  identify: Identify;
  /** GET /session's answer when the cookie is a helper's (issue #18). */
  helperProbe?: (request: FastifyRequest) => Promise<object | undefined>;
  /** Ends a helper's session the cookie names (issue #18). */
  alsoSignOut?: (token: string | undefined) => Promise<void>;
}

/** /api/auth's session routes (public): who is signed in, and signing out. */
export function sessionRoutes(sessions: Pick<SessionsService, 'signOut'>, options: SessionRoutesOptions) {
  return async (app: FastifyInstance) => {
    /**
     * Who is signed in, or `{ user: null }` when nobody is. Public: asking is not a failure, so a signed-out page logs
     * no failed request (issue #14); a helper's cookie answers `{ user, helper }` (issue #18).
     */
    app.get('/session', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await options.identify(request);
      if (user) return { user: toSessionUser(user, { withQrCode: false }) };
      return (await options.helperProbe?.(request)) ?? { user: null };
    });

    app.post('/sign-out', async (request, reply) => {
      await sessions.signOut(sessionToken(request));
      // The cookie may be a helper's session (issue #18): it ends too.
      await options.alsoSignOut?.(sessionToken(request));
      clearSessionCookie(reply, options.secureCookies);
      return reply.status(204).send();
    });
  };
}
