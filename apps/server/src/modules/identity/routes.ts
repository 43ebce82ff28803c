import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMessages, newPasswordSchema, resetRequestSchema, restoreAccountSchema, signInSchema, signUpSchema, tokenSchema } from '@seva/shared';
import { caller } from '../../plugins/caller.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { clearSessionCookie, sessionToken, setSessionCookie, type Identify } from '../../plugins/session.ts';
import { SESSION_TTL_MS, type IdentityService } from './service.ts';
import { toSessionUser } from './session-user.ts';
import { describeUserAgent } from '../../user-agent.ts';

const ALREADY_VERIFIED = 'Your e-mail is already verified. You can sign in.';

/** /api/auth: the public half of identity (sign-up, sign-in, links, sign-out). */
export function identityRoutes(
  identity: IdentityService,
  options: {
    secureCookies: boolean;
    /** Ends a helper's session the cookie names (issue #18). */
    alsoSignOut?: (token: string | undefined) => Promise<void>;
    /** After a reset, unpairs the account's glasses (issue #20: unless the user said no). */
    unpairAllGlasses?: (userId: string, from: string) => Promise<number>;
  },
) {
  return async (app: FastifyInstance) => {
    app.post('/sign-up', async (request, reply) => {
      await identity.signUp(parseBody(signUpSchema, request.body), caller(request));
      return reply.status(201).send({ message: 'Verification Sent' });
    });

    app.post('/sign-in', async (request, reply) => {
      const { token, user } = await identity.signIn(parseBody(signInSchema, request.body), caller(request), sessionToken(request));
      // A helper's session the browser had ends too: one browser, one person (issue #18).
      await options.alsoSignOut?.(sessionToken(request));
      setSessionCookie(reply, token, { secure: options.secureCookies, maxAgeSeconds: SESSION_TTL_MS / 1000 });
      return { user: toSessionUser(user) };
    });

    app.post('/resend-verification', async (request) => {
      const outcome = await identity.resendVerification(parseBody(signInSchema, request.body), caller(request));
      return {
        message: outcome === 'sent' ? 'Verification e-mail sent. Please check your inbox.' : ALREADY_VERIFIED,
      };
    });

    app.post('/verify-email', async (request) => {
      const outcome = await identity.verifyEmail(parseBody(tokenSchema, request.body).token, caller(request));
      return { message: outcome === 'verified' ? 'Your e-mail is verified. You can now sign in.' : ALREADY_VERIFIED };
    });

    app.post('/check-reset-token', async (request) => {
      await identity.checkResetLink(parseBody(tokenSchema, request.body).token);
      return { message: 'This link can be used to choose a new password.' };
    });

    app.post('/request-password-reset', async (request) => {
      await identity.requestPasswordReset(parseBody(resetRequestSchema, request.body), caller(request));
      return { message: 'Password reset e-mail sent. Please check your inbox.' };
    });

    app.post('/reset-password', async (request) => {
      const input = parseBody(newPasswordSchema, request.body);
      const userId = await identity.resetPassword(input, caller(request));
      // After a reset the glasses are unpaired unless the user chose to keep them (D-040).
      if (input.unpairGlasses !== false) await options.unpairAllGlasses?.(userId, describeUserAgent(request.headers['user-agent']));
      return { message: 'Your password has been changed. You can now sign in.' };
    });

    app.post('/restore-account', async (request) => {
      await identity.restoreAccount(parseBody(restoreAccountSchema, request.body).token, caller(request));
      return { message: accountMessages.accountRestored };
    });

    app.post('/sign-out', async (request, reply) => {
      await identity.signOut(sessionToken(request));
      // The cookie may be a helper's session (issue #18): it ends too.
      await options.alsoSignOut?.(sessionToken(request));
      clearSessionCookie(reply, options.secureCookies);
      return reply.status(204).send();
    });
  };
}

/**
 * GET /api/auth/session: who is signed in, or `{ user: null }` when nobody is. Public: asking is not a failure, so
 * a signed-out page logs no failed request (issue #14). The cookie is read by the private scope's own `identify`
 * (the prepared session read, D-009); when it is a helper's, `helperProbe` answers `{ user, helper }` (issue #18).
 */
export function sessionRoutes(identify: Identify, helperProbe?: (request: FastifyRequest) => Promise<object | undefined>) {
  return async (app: FastifyInstance) => {
    app.get('/session', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await identify(request);
      if (user) return { user: toSessionUser(user, { withQrCode: false }) };
      return (await helperProbe?.(request)) ?? { user: null };
    });
  };
}
