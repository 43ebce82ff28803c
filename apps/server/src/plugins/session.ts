import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@seva/shared';
import { unauthorized } from './http-error.ts';
import type { SessionRow } from '../modules/identity/store.ts';

export const SESSION_COOKIE = 'seva_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user, from the session cookie only. */
    user: SessionRow;
  }
}

export type SessionResolver = (token: string | undefined) => Promise<SessionRow | undefined>;

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** A preHandler that answers 401 unless the session cookie names a live session. */
export function requireUser(resolve: SessionResolver) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await resolve(sessionToken(request));
    if (!user) throw unauthorized(messages.signInRequired);
    request.user = user;
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAgeSeconds: number }): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
