import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { messages } from '@seva/shared';
import { BODY_LIMIT, type Config } from './config.ts';
import { blobStoreFor, type BlobStore } from './blobs/blob-store.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { createIdentityService, type IdentityService } from './modules/identity/service.ts';
import { vitalsRoutes } from './modules/vitals/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { contactsRoutes } from './modules/contacts/routes.ts';
import { manualsRoutes } from './modules/manuals/routes.ts';
import { featuresRoutes } from './modules/features/routes.ts';
import { createFaceEngine, type FaceEngine } from './face-engine/face-engine.ts';
import { facesRoutes } from './modules/faces/routes.ts';
import { createFacesService } from './modules/faces/service.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { requireUser } from './plugins/session.ts';

export { BODY_LIMIT };

/** What the modules share; tests reach in through it. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  blobs: BlobStore;
  mailer: Mailer;
  identity: IdentityService;
  /** The face engine's worker pool, started on first use. */
  faceEngine: () => FaceEngine;
  /** The preHandler that puts the session's user on the request. */
  requireUser: ReturnType<typeof requireUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}

/** Builds the whole server: the same in tests and in production; nothing listens here. */
export async function buildApp(config: Config, overrides: { mailer?: Mailer; logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(overrides.logStream ? { stream: overrides.logStream } : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  const database = await openDatabase(config);
  const log = (line: string) => app.log.info(line);
  const mailer = overrides.mailer ?? createMailer(config, log);
  const blobs = blobStoreFor(config, database.db);
  const identity = createIdentityService({ db: database.db, reads: database.reads, mailer, config });
  let engine: FaceEngine | undefined;
  const faceEngine = () => (engine ??= createFaceEngine({ threads: config.faceThreads }));
  const context: AppContext = { config, database, blobs, mailer, identity, faceEngine, requireUser: requireUser(identity.userForSession) };
  app.decorate('context', context);
  app.addHook('onClose', async () => {
    await engine?.close();
    await database.close();
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, { secure: config.secureCookies });
  registerSameOriginCheck(app, config.publicUrl);
  await app.register(cookie);
  // Only routes that opt in (a list of 1,000 faces) are gzipped: the hook costs 20 µs on every other answer.
  await app.register(compress, { global: false, threshold: 2048, encodings: ['gzip'] });

  await app.register(
    async (api) => {
      await api.register(identityRoutes(identity, { secureCookies: config.secureCookies }), { prefix: '/auth' });
      await api.register(vitalsRoutes, { prefix: '/vitals' });
      await api.register(profileRoutes, { prefix: '/profile' });
      await api.register(contactsRoutes, { prefix: '/contacts' });
      await api.register(manualsRoutes, { prefix: '/manuals' });
      await api.register(featuresRoutes, { prefix: '/features' });
    },
    { prefix: '/api' },
  );
  const faces = createFacesService({ db: database.db, blobs, engine: faceEngine });
  await app.register(facesRoutes(faces, context.requireUser), { prefix: '/face-api' });

  await registerWebApp(app, config.webDist);
  return app;
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
