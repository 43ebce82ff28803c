import type { FastifyRequest } from 'fastify';
import type { Caller } from '../modules/identity/service.ts';

/** Who sent a request, as the services note it: the address (as TRUST_PROXY allows) and the browser's own words, cut short. */
export const caller = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});
