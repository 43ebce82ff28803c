import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy the built app runs under: no inline script, same origin only. */
function contentSecurityPolicy(secure: boolean): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** What an answer with personal data says to caches: keep nothing (RFC 9111 §5.2.2.5). */
export const NO_STORE = 'no-store';

/**
 * Security headers as helmet sets them, computed once at start-up and added in one call per request.
 * @fastify/helmet rebuilt them on every request: 40 µs of a 65 µs answer here (see D-005,
 * docs/decisions/005-security-headers-once.md).
 * API answers are never rendered as pages, so they get the short set OWASP recommends for APIs, with a CSP
 * that allows nothing; pages and their files get the full set.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { secure: boolean }): void {
  const common: Record<string, string> = {
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    ...(options.secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const api: Record<string, string> = {
    ...common,
    'Content-Security-Policy': "default-src 'none';frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  };
  const pages: Record<string, string> = {
    ...common,
    'Content-Security-Policy': contentSecurityPolicy(options.secure),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
  };
  // An API answer to anything but a read may carry personal data (a sign-in's user, a list of faces) and is never
  // kept by a browser or a proxy; the private scope does the same for reads (plugins/session.ts).
  const apiChange = { ...api, 'Cache-Control': NO_STORE };
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) reply.headers(pages);
    else reply.headers(request.method === 'GET' || request.method === 'HEAD' ? api : apiChange);
  });
}

/** The API's readable reference (/api/docs, plugins/api-contract.ts) is a page, and gets a page's headers. */
function isApi(url: string): boolean {
  if (url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?')) return false;
  return url.startsWith('/api/') || url.startsWith('/face-api/') || url.startsWith('/device-api/') || url.startsWith('/oauth/');
}
