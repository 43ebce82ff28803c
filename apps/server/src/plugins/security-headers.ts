import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The hashes (CSP's 'sha256-…') of the inline scripts of the built web app's index.html, from which every page is
 * made: the page's first script, which keeps presses made before the app runs (D-065). None without a build.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const file = webDist === undefined ? undefined : path.join(webDist, 'index.html');
  if (!file || !fs.existsSync(file)) return [];
  const scripts = [...fs.readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  return scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
}

/** The Content-Security-Policy the built app runs under: same origin only, and no inline script but those named by their hash. */
function contentSecurityPolicy(secure: boolean, inlineScripts: readonly string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts],
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
export function registerSecurityHeaders(app: FastifyInstance, options: { secure: boolean; inlineScripts?: readonly string[] }): void {
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
    'Content-Security-Policy': contentSecurityPolicy(options.secure, options.inlineScripts ?? []),
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
