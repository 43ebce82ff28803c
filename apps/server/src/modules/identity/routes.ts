import type { FastifyInstance } from 'fastify';
import { accountMessages, newPasswordSchema, resetRequestSchema, restoreAccountSchema, signInSchema, signUpSchema, tokenSchema } from '@seva/shared';
import { parseBody } from '../../plugins/parse-body.ts';
import { sessionToken, setSessionCookie } from '../sessions/cookie-http.ts';
import { toSessionUser } from '../sessions/session-user.ts';
import type { IdentityService } from './service.ts';

const ALREADY_VERIFIED = 'Your e-mail is already verified. You can sign in.';

/** /api/auth: the public half of identity (sign-up, sign-in, links); the session and sign-out are modules/sessions/. */
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
      await identity.signUp(parseBody(signUpSchema, request.body), request.caller);
      return reply.status(201).send({ message: 'Verification Sent' });
    });

    app.post('/sign-in', async (request, reply) => {
      const { token, user } = await identity.signIn(parseBody(signInSchema, request.body), request.caller, sessionToken(request));
      // A helper's session the browser had ends too: one browser, one person (issue #18).
      await options.alsoSignOut?.(sessionToken(request));
      setSessionCookie(reply, token, options.secureCookies);
      return { user: toSessionUser(user) };
    });

    app.post('/resend-verification', async (request) => {
      const outcome = await identity.resendVerification(parseBody(signInSchema, request.body), request.caller);
      return {
        message: outcome === 'sent' ? 'Verification e-mail sent. Please check your inbox.' : ALREADY_VERIFIED,
      };
    });

    app.post('/verify-email', async (request) => {
      const outcome = await identity.verifyEmail(parseBody(tokenSchema, request.body).token, request.caller);
      return { message: outcome === 'verified' ? 'Your e-mail is verified. You can now sign in.' : ALREADY_VERIFIED };
    });

    app.post('/check-reset-token', async (request) => {
      await identity.checkResetLink(parseBody(tokenSchema, request.body).token);
      return { message: 'This link can be used to choose a new password.' };
    });

    app.post('/request-password-reset', async (request) => {
      await identity.requestPasswordReset(parseBody(resetRequestSchema, request.body), request.caller);
      return { message: 'Password reset e-mail sent. Please check your inbox.' };
    });

    app.post('/reset-password', async (request) => {
      const input = parseBody(newPasswordSchema, request.body);
      const userId = await identity.resetPassword(input, request.caller);
      // After a reset the glasses are unpaired unless the user chose to keep them (D-040).
      if (input.unpairGlasses !== false) await options.unpairAllGlasses?.(userId, request.caller.from);
      return { message: 'Your password has been changed. You can now sign in.' };
    });

    app.post('/restore-account', async (request) => {
      await identity.restoreAccount(parseBody(restoreAccountSchema, request.body).token, request.caller);
      return { message: accountMessages.accountRestored };
    });
  };
}
