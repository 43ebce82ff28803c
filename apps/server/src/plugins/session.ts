import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { glassesApiMessages, type GlassesScope, messages, onlyWearerCan, scopeText } from '@seva/shared';
import type { SignedInUser } from '../db/signed-in-user.ts';
import { DomainError, refused, unauthenticated } from '../domain-errors.ts';
import { hashToken } from '../tokens.ts';
import { NO_STORE } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set inside the private scope: the signed-in user, from the session cookie or the glasses' bearer token. */
    user: SignedInUser;
    /** Set when the caller is a pair of paired glasses, identified by its bearer token. */
    device?: CallingDevice;
    /**
     * Set inside the private scope: who acts. The wearer themself (their session or their glasses), or a helper
     * acting for them (issue #18): `user` is then the wearer the helper acts for.
     */
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Issue #18: a private route a helper may use for the wearer. Every other private route refuses helpers (403). */
    helpers?: 'allowed';
    /** A route the glasses' token may call with any of these scopes. Every other route refuses a token (403 insufficient_scope). */
    glassesScopes?: readonly GlassesScope[];
  }
}

/** A helper acting for the wearer: their account, their name and the wearer's name for them. */
export interface HelperActor {
  kind: 'helper';
  helperId: string;
  name: string;
  shownAs: string;
}

export type Actor = { kind: 'wearer' } | HelperActor;

const WEARER: Actor = { kind: 'wearer' };

/** Route options of a private route that a helper may use (issue #18): `app.get('/', helpersAllowed, handler)`. */
export const helpersAllowed = { config: { helpers: 'allowed' as const } };

/** The helper's name as the wearer's activity and faces record it, when a helper acts; undefined for the wearer. */
export function actingHelperName(request: FastifyRequest): string | undefined {
  return request.actor?.kind === 'helper' ? request.actor.shownAs : undefined;
}

/** Route options of a route the glasses may call with any of `scopes`: `app.get('/', glassesMay('events'), handler)`. */
export const glassesMay = (...scopes: GlassesScope[]) => ({ config: { glassesScopes: scopes } });

/** The glasses a bearer token belongs to, and what the user allowed them to do. */
export interface CallingDevice {
  id: string;
  name: string;
  scopes: readonly GlassesScope[];
}

/**
 * RFC 6750 §3.1: a token whose scopes do not cover the route gets 403 insufficient_scope, with the scopes that would
 * (in WWW-Authenticate and the message). A route that names none is not the glasses' at all.
 */
function checkScope(request: FastifyRequest, reply: FastifyReply, device: CallingDevice): void {
  const needed = request.routeOptions.config.glassesScopes ?? [];
  if (needed.some((scope) => device.scopes.includes(scope))) return;
  const wanted = needed.length > 0 ? scopeText(needed) : '';
  reply.header('WWW-Authenticate', `Bearer error="insufficient_scope"${wanted ? `, scope="${wanted}"` : ''}`);
  throw refused(wanted ? glassesApiMessages.insufficientScope(wanted) : glassesApiMessages.notForGlasses, { code: 'insufficient_scope' });
}

/**
 * One source of identity for a private route: the caller its credentials name, or undefined when the request carries
 * none of them. Credentials that are present but not valid may be refused at once (throws unauthenticated).
 */
export type Identify = (request: FastifyRequest) => Promise<SignedInUser | undefined>;

/** What a bearer token names: its owner and the glasses it was issued to. */
export type BearerLookup = (tokenHash: string) => Promise<{ user: SignedInUser; device: CallingDevice } | undefined>;

/** RFC 6750 §2.1: `Authorization: Bearer <token68>`. Our tokens are 43 characters; anything far longer is not one. */
const BEARER_SCHEME = /^bearer(?:\s|$)/i;
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]{1,256}=*) *$/i;

/**
 * The glasses' bearer token (RFC 6750). A request without `Authorization: Bearer` is not this source's; one with a
 * malformed, unknown or revoked token is refused with code 'invalid_token', even when it also carries a session:
 * a client that sends a token means to be known by it.
 */
export function identifyByBearer(lookup: BearerLookup): Identify {
  return async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || !BEARER_SCHEME.test(header)) return undefined;
    const token = BEARER.exec(header)?.[1];
    const found = token ? await lookup(hashToken(token)) : undefined;
    if (!found) throw unauthenticated(glassesApiMessages.tokenInvalid, { code: 'invalid_token' });
    request.device = found.device;
    return found.user;
  };
}

export interface PrivateScopeOptions {
  /** RFC 6750 §3: 401s carry `WWW-Authenticate: Bearer` (with error="invalid_token" when a token was refused). */
  bearerChallenge?: boolean;
  /** The 401 message for a request that carries no identity at all. */
  missingMessage?: string;
}

/**
 * The scope every private route is registered in: identity is checked once, when the request arrives and before
 * any body is read, and a caller without it gets 401. A module registered here cannot forget the check. Several
 * sources are asked in turn; the first that names a caller wins. A source that finds a helper sets `request.actor`;
 * a helper then reaches only the routes that allow helpers, and gets 403 naming the wearer on every other.
 */
export function privateScope(identify: Identify | readonly Identify[], register: (scope: FastifyInstance) => Promise<void>, options: PrivateScopeOptions = {}) {
  const sources = typeof identify === 'function' ? [identify] : identify;
  const missing = options.missingMessage ?? messages.signInRequired;
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      // Every answer here is someone's own data: no cache keeps it, unless a route says otherwise (a manual's PDF).
      reply.header('Cache-Control', NO_STORE);
      try {
        request.user = await firstCaller(sources, request, missing);
        request.actor ??= WEARER;
        if (request.device) checkScope(request, reply, request.device);
        if (request.actor.kind === 'helper' && request.routeOptions.config.helpers !== 'allowed') throw refused(onlyWearerCan(request.user.username), { code: 'wearer-only' });
      } catch (error) {
        if (options.bearerChallenge && error instanceof DomainError && error.kind === 'unauthenticated') {
          reply.header('WWW-Authenticate', error.details.code === 'invalid_token' ? 'Bearer error="invalid_token"' : 'Bearer');
        }
        // A refused request's body is never read: the connection closes after the answer instead of draining it.
        if (Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined) reply.header('Connection', 'close');
        throw error;
      }
    });
    await register(scope);
  };
}

async function firstCaller(sources: readonly Identify[], request: FastifyRequest, missing: string): Promise<SignedInUser> {
  for (const identify of sources) {
    const user = await identify(request);
    if (user) return user;
  }
  throw unauthenticated(missing);
}
