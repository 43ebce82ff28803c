import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountMessages,
  messageAnswer,
  newPasswordSchema,
  resetRequestSchema,
  restoreAccountSchema,
  sessionAnswerSchema,
  signInAnswerSchema,
  signInSchema,
  signUpSchema,
  tokenSchema,
  type SessionAnswer,
} from '@seva/shared';
import type { z } from 'zod';
import { noContent, refusals, security } from '../../plugins/api-contract.ts';
import { caller } from '../../plugins/caller.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { clearSessionCookie, sessionToken, setSessionCookie, type Identify } from '../../plugins/session.ts';
import { SESSION_TTL_MS, type IdentityService } from './service.ts';
import { toSessionUser } from './session-user.ts';
import { describeUserAgent } from '../../user-agent.ts';

const VERIFICATION_SENT = 'Verification Sent';
const VERIFICATION_RESENT = 'Verification e-mail sent. Please check your inbox.';
const ALREADY_VERIFIED = 'Your e-mail is already verified. You can sign in.';
const EMAIL_VERIFIED = 'Your e-mail is verified. You can now sign in.';
const RESET_LINK_USABLE = 'This link can be used to choose a new password.';
const RESET_MAIL_SENT = 'Password reset e-mail sent. Please check your inbox.';
const PASSWORD_RESET = 'Your password has been changed. You can now sign in.';

/** A call of /api/auth: public, its body a shared rule, its answers the success and the refusals (D-010) it may send. */
const authCall = (summary: string, parts: { body?: z.ZodType; description?: string }, response: Record<number, z.ZodType>) => ({
  schema: { tags: ['api: sign in'], summary, security: security.anyone, ...parts, response },
});

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
    const signUp = authCall(
      'Create an account; its e-mail gets a verification link',
      { body: signUpSchema, description: 'The account cannot sign in until the link is opened (POST /api/auth/verify-email).' },
      { 201: messageAnswer(VERIFICATION_SENT), ...refusals(400, 403, 409, 429, 503) },
    );
    app.post('/sign-up', signUp, async (request, reply) => {
      await identity.signUp(parseBody(signUpSchema, request.body), caller(request));
      return reply.status(201).send({ message: VERIFICATION_SENT });
    });

    const signIn = authCall(
      'Sign in with the license ID and password; sets the session cookie',
      { body: signInSchema, description: 'An account not verified yet is refused with 403 `code: "unverified"`. The session the browser had ends.' },
      { 200: signInAnswerSchema, ...refusals(400, 401, 403, 409, 429) },
    );
    app.post('/sign-in', signIn, async (request, reply) => {
      const { token, user } = await identity.signIn(parseBody(signInSchema, request.body), caller(request), sessionToken(request));
      // A helper's session the browser had ends too: one browser, one person (issue #18).
      await options.alsoSignOut?.(sessionToken(request));
      setSessionCookie(reply, token, { secure: options.secureCookies, maxAgeSeconds: SESSION_TTL_MS / 1000 });
      return { user: toSessionUser(user) };
    });

    const resend = authCall(
      'Send the verification link again (asks the license ID and password)',
      { body: signInSchema },
      { 200: messageAnswer(VERIFICATION_RESENT, ALREADY_VERIFIED), ...refusals(400, 401, 403, 409, 429) },
    );
    app.post('/resend-verification', resend, async (request) => {
      const outcome = await identity.resendVerification(parseBody(signInSchema, request.body), caller(request));
      return { message: outcome === 'sent' ? VERIFICATION_RESENT : ALREADY_VERIFIED };
    });

    const verify = authCall(
      "Verify the account's e-mail with the link's token",
      { body: tokenSchema, description: 'A link used, replaced or expired (410) of an account verified since says it is verified already.' },
      { 200: messageAnswer(EMAIL_VERIFIED, ALREADY_VERIFIED), ...refusals(400, 403, 410) },
    );
    app.post('/verify-email', verify, async (request) => {
      const outcome = await identity.verifyEmail(parseBody(tokenSchema, request.body).token, caller(request));
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
      await identity.requestPasswordReset(parseBody(resetRequestSchema, request.body), caller(request));
      return { message: RESET_MAIL_SENT };
    });

    const reset = authCall(
      "Choose a new password with the reset link's token",
      { body: newPasswordSchema, description: 'Every browser signs in again; the glasses are unpaired unless `unpairGlasses` is false (D-040).' },
      { 200: messageAnswer(PASSWORD_RESET), ...refusals(400, 403, 410) },
    );
    app.post('/reset-password', reset, async (request) => {
      const input = parseBody(newPasswordSchema, request.body);
      const userId = await identity.resetPassword(input, caller(request));
      // After a reset the glasses are unpaired unless the user chose to keep them (D-040).
      if (input.unpairGlasses !== false) await options.unpairAllGlasses?.(userId, describeUserAgent(request.headers['user-agent']));
      return { message: PASSWORD_RESET };
    });

    const restore = authCall(
      "Restore a deleted account with the deletion e-mail's link",
      { body: restoreAccountSchema, description: 'Within 14 days of the deletion (D-041); the account comes back signed out.' },
      { 200: messageAnswer(accountMessages.accountRestored), ...refusals(400, 403, 409, 410) },
    );
    app.post('/restore-account', restore, async (request) => {
      await identity.restoreAccount(parseBody(restoreAccountSchema, request.body).token, caller(request));
      return { message: accountMessages.accountRestored };
    });

    const signOut = authCall(
      "End the browser's session and clear its cookie",
      { description: "Answers 204 whether or not the browser was signed in; a helper's session ends too." },
      { 204: noContent('Signed out.'), ...refusals(403) },
    );
    app.post('/sign-out', signOut, async (request, reply) => {
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
export function sessionRoutes(identify: Identify, helperProbe?: (request: FastifyRequest) => Promise<SessionAnswer | undefined>) {
  return async (app: FastifyInstance) => {
    const session = authCall(
      'Who this browser is signed in as',
      { description: 'Reads the session cookie: `{ user: null }` when nobody is signed in (not a failure), `{ user, helper }` for a helper, whose `user` is the wearer they act for.' },
      { 200: sessionAnswerSchema },
    );
    app.get('/session', session, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await identify(request);
      if (user) return { user: toSessionUser(user, { withQrCode: false }) };
      return (await helperProbe?.(request)) ?? { user: null };
    });
  };
}
