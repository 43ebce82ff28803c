import type { FastifyInstance } from 'fastify';
import { refused } from '../domain-errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses state-changing requests that a browser says come from another site. */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const host = request.headers.host;
    if (origin === allowed || (host && hostOf(origin) === host)) return;
    throw refused('Requests from other sites are not accepted.');
  });
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
