import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type onResponseHookHandler } from 'fastify';
import { DEFAULT_LOCALE, glassesApiMessages, LOCALES, messages, PSEUDO_LOCALE } from '@seva/shared';
import { BODY_LIMIT, ownOrigins, type Config } from './config.ts';
import { openInfrastructure, type Infrastructure } from './infrastructure.ts';
import type { Mailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { contactsRoutes } from './modules/contacts/routes.ts';
import { deviceApiRoutes, devicesRoutes, oauthRoutes } from './modules/devices/routes.ts';
import { facesRoutes } from './modules/faces/routes.ts';
import { featuresRoutes } from './modules/features/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { helperAuthRoutes, helperOwnRoutes, helperProbe, identifyHelper, invitationRoutes, wearerHelpersRoutes } from './modules/helpers/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { languageRoutes } from './modules/language/routes.ts';
import { manualsRoutes } from './modules/manuals/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { identifyBySession } from './modules/sessions/cookie-http.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { vitalsRoutes } from './modules/vitals/routes.ts';
import { registerApiContract } from './plugins/api-contract.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import { registerRequestIdHeader, requestIdOf } from './plugins/request-id.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { inlineScriptHashes, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCaller } from './plugins/caller.ts';
import { registerLocale } from './plugins/locale.ts';
import { loadServerCatalogs } from './i18n/catalogs.ts';
import { identifyByBearer, privateScope, type Identify } from './plugins/session.ts';
import { readableLogStream } from './readable-log.ts';
import { createServices, type Services } from './services.ts';

export { BODY_LIMIT };

/** The built server and what it was built from; tests and the server entry reach the parts through it. */
export interface Portal {
  app: FastifyInstance;
  infrastructure: Infrastructure;
  services: Services;
}

interface Mount {
  prefix: string;
  routes: FastifyPluginAsync;
}

/**
 * The composition root: builds every service once and mounts each module's routes. Public routes are listed apart;
 * every other route sits in the private scope, which checks identity once. The same in tests and in production;
 * nothing listens here.
 */
/** `checkAnswers`: parse every answer with its route's zod schema before it is written, refusing one off its contract (the tests; D-057). */
export async function buildApp(config: Config, overrides: { mailer?: Mailer; logStream?: NodeJS.WritableStream; checkAnswers?: boolean } = {}): Promise<Portal> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...logStream(config, overrides.logStream) },
    bodyLimit: BODY_LIMIT,
    // A hop count trusts that many proxies in front (Fastify's types take it only as a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // X-Request-Id from a trusted proxy, a new UUID otherwise; every log line of the request carries it as reqId.
    requestIdHeader: false,
    genReqId: requestIdOf(config.trustProxy),
    // A request (body included) must arrive in time; idle keep-alive connections close at once on shutdown (server.ts).
    connectionTimeout: config.http.requestMs,
    requestTimeout: config.http.requestMs,
    keepAliveTimeout: config.http.keepAliveMs,
    forceCloseConnections: 'idle',
    http: { headersTimeout: config.http.headersMs, connectionsCheckingInterval: Math.min(5000, Math.max(250, config.http.requestMs / 4)) },
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // Refusals made before a route runs (414, 431, unreadable requests) answer in the portal's { message } shape.
    frameworkErrors,
    clientErrorHandler,
  });
  if (typeof config.trustProxy === 'number') app.log.warn(hopCountWarning(config.trustProxy));
  const infrastructure = await openInfrastructure(config, { mailer: overrides.mailer, log: (line) => app.log.info(line), warn: (line) => app.log.warn(line) });
  app.addHook('onClose', () => infrastructure.close());
  const services = createServices(infrastructure);
  const cookies = { secureCookies: config.secureCookies };

  const identify = identifyBySession(services.sessions.lookup);
  // Issue #18: a helper's session acts for a wearer in the private scope, asked after the wearer's own.
  const helper = identifyHelper(services.helpers);
  const publicRoutes: Mount[] = [
    { prefix: '/api/auth', routes: identityRoutes(services.identity, { ...cookies, alsoSignOut: services.helpers.signOut, unpairAllGlasses: services.account.unpairAllGlasses }) },
    { prefix: '/api/auth', routes: sessionRoutes(services.sessions, { ...cookies, identify, helperProbe: helperProbe(services.helpers), alsoSignOut: services.helpers.signOut }) },
    { prefix: '/api/auth/helper', routes: helperAuthRoutes(services.helpers, cookies) },
    { prefix: '/api/helper-invitations', routes: invitationRoutes(services.helpers, cookies) },
    // The helper's own account: its hook admits a helper's session only (401 without, 403 for a wearer's).
    { prefix: '/api/helper', routes: helperOwnRoutes(services.helpers, identify, cookies) },
    { prefix: '/api/vitals', routes: vitalsRoutes(services.limits) },
    { prefix: '/api/health', routes: healthRoutes(services.health) },
    { prefix: '/api/support', routes: supportRoutes(config.support) },
    { prefix: '/oauth', routes: oauthRoutes(services.devices) },
    // The footer's 'Language' form, answered without the app's script (issue #33).
    { prefix: '', routes: languageRoutes({ identify, saveLanguage: services.account.setLanguage, ...cookies }) },
  ];
  const privateRoutes: Mount[] = [
    { prefix: '/api/profile', routes: profileRoutes(services.profile) },
    { prefix: '/api/contacts', routes: contactsRoutes(services.contacts) },
    { prefix: '/api/manuals', routes: manualsRoutes(services.manuals) },
    { prefix: '/api/features', routes: featuresRoutes(services.features) },
    { prefix: '/api/devices', routes: devicesRoutes(services.devices) },
    { prefix: '/api/account', routes: accountRoutes(services.account, cookies) },
    { prefix: '/api/activity', routes: activityRoutes(services.activity) },
    { prefix: '/api/helpers', routes: wearerHelpersRoutes(services.helpers) },
  ];
  // The glasses' bearer token (RFC 6750) works on the face backend, beside the session, and alone on their own API.
  const sessionOrBearerRoutes: Mount[] = [{ prefix: '/face-api', routes: facesRoutes(services.faces) }];
  const bearerRoutes: Mount[] = [{ prefix: '/device-api', routes: deviceApiRoutes(services.devices, services.deviceEvents, infrastructure.metrics) }];

  registerRequestIdHeader(app);
  const notFoundHooks = infrastructure.metrics.enabled ? registerHttpMetrics(app, infrastructure.metrics) : {};
  registerErrorHandler(app);
  registerSecurityHeaders(app, { secure: config.secureCookies, inlineScripts: inlineScriptHashes(config.webDist) });
  registerCaller(app);
  registerSameOriginCheck(app, ownOrigins(config));
  await app.register(cookie);
  await loadServerCatalogs();
  registerLocale(app);
  // Only routes that opt in (a list of 1,000 faces) are gzipped: the hook costs 20 µs on every other answer.
  await app.register(compress, { global: false, threshold: 2048, encodings: ['gzip'] });
  // Before every route: each route's schemas go into the published OpenAPI document (D-048).
  await registerApiContract(app, { checkAnswers: overrides.checkAnswers ?? false });

  for (const { prefix, routes } of publicRoutes) await app.register(routes, { prefix });
  const bearer = identifyByBearer(services.devices.identify);
  const mountAll = (mounts: Mount[]) => async (scope: FastifyInstance) => {
    for (const { prefix, routes } of mounts) await scope.register(routes, { prefix });
  };
  // The browser's API names no glasses' scope: a token alone is known (last) and refused with 403 insufficient_scope.
  await app.register(privateScope([identify, helper, bearer], mountAll(privateRoutes)));
  await app.register(privateScope([bearer, identify, helper], mountAll(sessionOrBearerRoutes), { bearerChallenge: true }));
  await app.register(privateScope(bearer, mountAll(bearerRoutes), { bearerChallenge: true, missingMessage: glassesApiMessages.tokenRequired }));

  await registerWebApp(app, config.webDist, identify, notFoundHooks);
  return { app, infrastructure, services };
}

function logStream(config: Config, given: NodeJS.WritableStream | undefined): { stream?: NodeJS.WritableStream } {
  if (given) return { stream: given };
  return config.readableLogs ? { stream: readableLogStream() } : {};
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** D-038: a hop count trusts whoever connects, so a client that reaches an instance directly picks its own address. */
export const hopCountWarning = (hops: number) =>
  `TRUST_PROXY=${hops} trusts X-Forwarded-For from any client that reaches this instance directly, which can then choose ` +
  'the address its rate limits count (and lock out others). Set TRUST_PROXY to the proxies\' addresses instead ' +
  '(loopback, or a list such as 10.0.0.5,10.0.0.6 or 10.0.0.0/24): docs/deploy.md.';

/** Paths that are never screens: an unknown one answers JSON 404, not the web app. */
const API_PREFIXES = ['/api/', '/face-api/', '/device-api/', '/oauth/'];

/** Files under /assets/ carry a hash of their content in their name: a browser may keep them for a year unasked. */
const HASHED_ASSET = `${path.sep}assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page of another language's folder (dist/hi/login.html) is sent for its screen's address, never at its own path. */
const isLanguageFolder = (page: string) => [...LOCALES, PSEUDO_LOCALE].some((locale) => locale !== DEFAULT_LOCALE && page.startsWith(`${locale}/`));

/** The folder of the pages the build prerendered for a signed-in browser (apps/web/prerender.ts). */
const SIGNED_IN_PAGES = 'signed-in';

/**
 * Serves the built web app. A screen the build prerendered is sent as its own page: dist/login.html for /login, and
 * dist/signed-in/faces/add.html for /faces/add to a browser that is signed in (the navigation and the heading, shown
 * before the app has run; a signed-out browser would be sent to /login, so it gets index.html). Any other address that
 * may be a screen gets index.html, so deep links work; the rest a JSON 404. A page is sent in the request's language
 * (request.locale): English from dist/, another language from its folder (dist/hi/login.html, dist/hi/index.html). Hashed assets are cached for good; pages
 * and unhashed files are revalidated on each use (ETag, Last-Modified), so a second visit loads only what changed.
 */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined, identify: Identify, notFoundHooks: { onResponse?: onResponseHookHandler }): Promise<void> {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // A signed-in screen's page is sent only as that screen, to a signed-in browser (below), never at its file's path.
      allowedPath: (pathName) => !pathName.startsWith(`/${SIGNED_IN_PAGES}/`) && !isLanguageFolder(pathName.slice(1)),
      setHeaders: (reply, file) => reply.header('Cache-Control', file.includes(HASHED_ASSET) ? IMMUTABLE : 'no-cache'),
    });
  }
  const pages = new Set(
    hasWeb
      ? fs
          .readdirSync(webDist, { recursive: true, encoding: 'utf8' })
          .filter((name) => name.endsWith('.html') && name !== 'index.html')
          .map((name) => name.split(path.sep).join('/'))
      : [],
  );
  // Its own scope, so a hook of the answers no route matched ('unmatched' in metrics) runs for those answers alone.
  await app.register(async (scope) => {
    if (notFoundHooks.onResponse) scope.addHook('onResponse', notFoundHooks.onResponse);
    scope.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) && !path.extname(pathname);
      if (!hasWeb || !isPage) return reply.status(404).send({ message: messages.notFound });
      // Every page is written once per language (issue #23): a cache must not give one reader another's.
      reply.header('Vary', 'Cookie, Accept-Language');
      const language = request.pseudo ? PSEUDO_LOCALE : request.locale;
      const folder = language === DEFAULT_LOCALE ? '' : `${language}/`;
      const page = `${pathname.slice(1)}.html`;
      const signedInPage = `${folder}${SIGNED_IN_PAGES}/${page}`;
      if (pages.has(signedInPage)) {
        // A lookup that fails costs only the head start: the app asks again and says what went wrong.
        const signedIn = await identify(request).catch((error: unknown) => request.log.warn({ err: error }, 'session lookup for a page failed'));
        if (signedIn) return reply.status(200).sendFile(signedInPage);
      }
      const isPublicPage = pages.has(page) && !isLanguageFolder(page) && !page.startsWith(`${SIGNED_IN_PAGES}/`);
      return reply.status(200).sendFile(isPublicPage ? `${folder}${page}` : `${folder}index.html`);
    });
  });
}
