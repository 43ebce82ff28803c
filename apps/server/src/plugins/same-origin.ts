import type { FastifyInstance } from 'fastify';
import { refused } from '../domain-errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site values a browser gives a request the portal's own pages made (or the user typed). */
const OWN = new Set(['same-origin', 'none']);

const OTHER_SITE_REFUSED = /*i18n*/ 'Requests from other sites are not accepted.';

/**
 * A form the portal's own page posted (the 'Language' form, D-064): its pages' Referrer-Policy is no-referrer, under
 * which a browser sends `Origin: null` with a form post (Fetch §3.2.5), so Sec-Fetch-Site alone says whose page it was.
 */
const ownFormPost = (origin: string | undefined, site: string | string[] | undefined) => origin === 'null' && site === 'same-origin';

/**
 * Refuses state-changing requests that a browser says come from anywhere but the portal: an Origin that is not
 * exactly one of the portal's own (scheme, host and port: PUBLIC_URL's, or on a default install each loopback address
 * of PORT; the Host header is not trusted, so DNS rebinding gains nothing), or a Sec-Fetch-Site other than same-origin (cross-site, same-site), even without Origin. Clients that are not
 * browsers (the glasses, the CLI, curl) send neither header and pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, ownOrigins: readonly string[]): void {
  const allowed = new Set(ownOrigins);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = ownFormPost(request.headers.origin, site) ? undefined : request.headers.origin;
    if ((origin !== undefined && !allowed.has(origin)) || (site !== undefined && !OWN.has(site))) throw refused(OTHER_SITE_REFUSED);
  });
}
