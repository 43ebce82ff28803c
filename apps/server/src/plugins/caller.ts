import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestCaller } from '../caller.ts';
import { describeUserAgent } from '../user-agent.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent the request: address, User-Agent, browser or glasses (read it in a handler, after the identity check). */
    readonly caller: RequestCaller;
  }
}

/**
 * `request.caller`, the one description of who sent a request (D-049). A getter rather than a hook: it is derived
 * from what the request already holds (its address, its User-Agent, the glasses the private scope identified), so a
 * request that never reads it pays nothing, and the browser is named only when asked.
 */
export function registerCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', {
    getter(this: FastifyRequest): RequestCaller {
      const userAgent = this.headers['user-agent']?.slice(0, 512) ?? null;
      const glasses = this.device;
      return {
        ip: this.ip,
        userAgent,
        locale: this.locale,
        kind: glasses ? 'glasses' : 'browser',
        get from() {
          return glasses ? glasses.name : describeUserAgent(userAgent);
        },
      };
    },
  });
}
