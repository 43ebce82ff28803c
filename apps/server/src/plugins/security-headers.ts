import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers, with a Content-Security-Policy the built app runs under: no inline script, same origin only. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { secure: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
        ...(options.secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: options.secure,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  });
}
