import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { Identify } from '../../plugins/session.ts';
import { hashToken } from '../../tokens.ts';
import { SESSION_MAX_MS } from './lifetime.ts';

/**
 * The session cookie: the one HTTP piece of sessions that other modules' routes use (sign-in, a helper's sign-in,
 * the current browser of 'Signed-in browsers', a deleted account's sign-out), written once here (D-049).
 */
export const SESSION_COOKIE = 'seva_session';

const COOKIE_ATTRIBUTES = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** The cookie lives as long as a session can: the server also ends it after 30 days idle (lifetime.ts). */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { ...COOKIE_ATTRIBUTES, secure, maxAge: SESSION_MAX_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { ...COOKIE_ATTRIBUTES, secure });
}

/** The private scope's source of identity for a browser: the user of the session cookie, when it names a live session. */
export function identifyBySession(lookup: (tokenHash: string, now: string) => Promise<SignedInUser | undefined>, now: () => Date = () => new Date()): Identify {
  return async (request) => {
    const token = sessionToken(request);
    return token ? lookup(hashToken(token), now().toISOString()) : undefined;
  };
}
