import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { messages } from '@seva/shared';
import { BODY_LIMIT, type Config } from './config.ts';
import { sessionUserLookup } from './db/signed-in-user.ts';
import { openInfrastructure, type Infrastructure } from './infrastructure.ts';
import type { Mailer } from './mail/mailer.ts';
import { contactsRoutes } from './modules/contacts/routes.ts';
import { facesRoutes } from './modules/faces/routes.ts';
import { featuresRoutes } from './modules/features/routes.ts';
import { identityRoutes, sessionRoutes } from './modules/identity/routes.ts';
import { manualsRoutes } from './modules/manuals/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { vitalsRoutes } from './modules/vitals/routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { identifyBySession, privateScope } from './plugins/session.ts';
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
export async function buildApp(config: Config, overrides: { mailer?: Mailer; logStream?: NodeJS.WritableStream } = {}): Promise<Portal> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(overrides.logStream ? { stream: overrides.logStream } : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  const infrastructure = await openInfrastructure(config, { mailer: overrides.mailer, log: (line) => app.log.info(line) });
  app.addHook('onClose', () => infrastructure.close());
  const services = createServices(infrastructure);
  const cookies = { secureCookies: config.secureCookies };

  const publicRoutes: Mount[] = [
    { prefix: '/api/auth', routes: identityRoutes(services.identity, cookies) },
    { prefix: '/api/vitals', routes: vitalsRoutes() },
  ];
  const privateRoutes: Mount[] = [
    { prefix: '/api/auth', routes: sessionRoutes() },
    { prefix: '/api/profile', routes: profileRoutes(services.profile) },
    { prefix: '/api/contacts', routes: contactsRoutes(services.contacts) },
    { prefix: '/api/manuals', routes: manualsRoutes(services.manuals) },
    { prefix: '/api/features', routes: featuresRoutes(services.features) },
    { prefix: '/face-api', routes: facesRoutes(services.faces) },
  ];

  registerErrorHandler(app);
  registerSecurityHeaders(app, { secure: config.secureCookies });
  registerSameOriginCheck(app, config.publicUrl);
  await app.register(cookie);
  // Only routes that opt in (a list of 1,000 faces) are gzipped: the hook costs 20 µs on every other answer.
  await app.register(compress, { global: false, threshold: 2048, encodings: ['gzip'] });

  for (const { prefix, routes } of publicRoutes) await app.register(routes, { prefix });
  const identify = identifyBySession(sessionUserLookup(infrastructure.database.db, infrastructure.database.reads));
  await app.register(
    privateScope(identify, async (scope) => {
      for (const { prefix, routes } of privateRoutes) await scope.register(routes, { prefix });
    }),
  );

  await registerWebApp(app, config.webDist);
  return { app, infrastructure, services };
}

/** Serves the built web app, and index.html for every screen route so deep links work; JSON 404 for the rest. */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
  const indexHtml = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html')) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/face-api/') && !path.extname(pathname);
    if (!indexHtml || !isPage) return reply.status(404).send({ message: messages.notFound });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
