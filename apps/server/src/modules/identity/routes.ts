import type { FastifyInstance } from 'fastify';
import {
  accountMessages,
  messageAnswer,
  newPasswordSchema,
  resetRequestSchema,
  restoreAccountSchema,
  signInAnswerSchema,
  signInSchema,
  signUpSchema,
  tokenSchema,
} from '@seva/shared';
import type { z } from 'zod';
import { refusals, security } from '../../plugins/api-contract.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { sessionToken, setSessionCookie } from '../sessions/cookie-http.ts';
import { toSessionUser } from '../sessions/session-user.ts';
import type { IdentityService } from './service.ts';
import { rememberLocale } from '../../plugins/locale.ts';

const VERIFICATION_SENT = /*i18n*/ 'Verification Sent';
const VERIFICATION_RESENT = /*i18n*/ 'Verification e-mail sent. Please check your inbox.';
const ALREADY_VERIFIED = /*i18n*/ 'Your e-mail is already verified. You can sign in.';
const EMAIL_VERIFIED = /*i18n*/ 'Your e-mail is verified. You can now sign in.';
const RESET_LINK_USABLE = /*i18n*/ 'This link can be used to choose a new password.';
const RESET_MAIL_SENT = /*i18n*/ 'Password reset e-mail sent. Please check your inbox.';
const PASSWORD_RESET = /*i18n*/ 'Your password has been changed. You can now sign in.';

/** A call of /api/auth: public, its body a shared rule, its answers the success and the refusals (D-010) it may send. */
const authCall = (summary: string, parts: { body?: z.ZodType; description?: string }, response: Record<number, z.ZodType>) => ({
  schema: { tags: ['api: sign in'], summary, security: security.anyone, ...parts, response },
});

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
    const signUp = authCall(
      'Create an account; its e-mail gets a verification link',
      { body: signUpSchema, description: 'The account cannot sign in until the link is opened (POST /api/auth/verify-email).' },
      { 201: messageAnswer(VERIFICATION_SENT), ...refusals(400, 403, 409, 429, 503) },
    );
    app.post('/sign-up', signUp, async (request, reply) => {
      await identity.signUp(parseBody(signUpSchema, request.body), request.caller);
      return reply.status(201).send({ message: VERIFICATION_SENT });
    });

    const signIn = authCall(
      'Sign in with the license ID and password; sets the session cookie',
      { body: signInSchema, description: 'An account not verified yet is refused with 403 `code: "unverified"`. The session the browser had ends.' },
      { 200: signInAnswerSchema, ...refusals(400, 401, 403, 409, 429) },
    );
    app.post('/sign-in', signIn, async (request, reply) => {
      const { token, user } = await identity.signIn(parseBody(signInSchema, request.body), request.caller, sessionToken(request));
      // A helper's session the browser had ends too: one browser, one person (issue #18).
      await options.alsoSignOut?.(sessionToken(request));
      setSessionCookie(reply, token, options.secureCookies);
      rememberLocale(reply, user.locale, options.secureCookies);
      return { user: toSessionUser(user) };
    });

    const resend = authCall(
      'Send the verification link again (asks the license ID and password)',
      { body: signInSchema },
      { 200: messageAnswer(VERIFICATION_RESENT, ALREADY_VERIFIED), ...refusals(400, 401, 403, 409, 429) },
    );
    app.post('/resend-verification', resend, async (request) => {
      const outcome = await identity.resendVerification(parseBody(signInSchema, request.body), request.caller);
      return { message: outcome === 'sent' ? VERIFICATION_RESENT : ALREADY_VERIFIED };
    });

    const verify = authCall(
      "Verify the account's e-mail with the link's token",
      { body: tokenSchema, description: 'A link used, replaced or expired (410) of an account verified since says it is verified already.' },
      { 200: messageAnswer(EMAIL_VERIFIED, ALREADY_VERIFIED), ...refusals(400, 403, 410) },
    );
    app.post('/verify-email', verify, async (request) => {
      const outcome = await identity.verifyEmail(parseBody(tokenSchema, request.body).token, request.caller);
      return { message: outcome === 'verified' ? EMAIL_VERIFIED : ALREADY_VERIFIED };
    });

    const checkReset = authCall(
      'Whether a reset link can still be used, without using it',
      { body: tokenSchema },
      { 200: messageAnswer(RESET_LINK_USABLE), ...refusals(400, 403, 410) },
    );
    app.post('/check-reset-token', checkReset, async (request) => {
      await identity.checkResetLink(parseBody(tokenSchema, request.body).token);
      return { message: RESET_LINK_USABLE };
    });

    const requestReset = authCall(
      'E-mail a link to choose a new password',
      { body: resetRequestSchema, description: 'Limited per e-mail and address under a ceiling per e-mail (D-036).' },
      { 200: messageAnswer(RESET_MAIL_SENT), ...refusals(400, 403, 404, 429, 503) },
    );
    app.post('/request-password-reset', requestReset, async (request) => {
      await identity.requestPasswordReset(parseBody(resetRequestSchema, request.body), request.caller);
      return { message: RESET_MAIL_SENT };
    });

    const reset = authCall(
      "Choose a new password with the reset link's token",
      { body: newPasswordSchema, description: 'Every browser signs in again; the glasses are unpaired unless `unpairGlasses` is false (D-040).' },
      { 200: messageAnswer(PASSWORD_RESET), ...refusals(400, 403, 410) },
    );
    app.post('/reset-password', reset, async (request) => {
      const input = parseBody(newPasswordSchema, request.body);
      const userId = await identity.resetPassword(input, request.caller);
      // After a reset the glasses are unpaired unless the user chose to keep them (D-040).
      if (input.unpairGlasses !== false) await options.unpairAllGlasses?.(userId, request.caller.from);
      return { message: PASSWORD_RESET };
    });

    const restore = authCall(
      "Restore a deleted account with the deletion e-mail's link",
      { body: restoreAccountSchema, description: 'Within 14 days of the deletion (D-041); the account comes back signed out.' },
      { 200: messageAnswer(accountMessages.accountRestored), ...refusals(400, 403, 409, 410) },
    );
    app.post('/restore-account', restore, async (request) => {
      await identity.restoreAccount(parseBody(restoreAccountSchema, request.body).token, request.caller);
      return { message: accountMessages.accountRestored };
    });
  };
}
