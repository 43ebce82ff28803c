import type { FastifyInstance } from 'fastify';
import { contentDisposition } from './content-disposition.ts';
import type { ManualsService } from './service.ts';

/**
 * /api/manuals: the newest manual and each manual's PDF. Signed in only.
 * The PDF may be framed by the portal itself (an embedded viewer), by no other site.
 */
export function manualsRoutes(manuals: ManualsService) {
  return async (app: FastifyInstance) => {
    app.get('/latest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return manuals.latest();
    });

    app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/:id/file', async (request, reply) => {
      const { fileName, data } = await manuals.file(request.params.id);
      const download = request.query.download === '1' || request.query.download === 'true';
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', fileName))
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Security-Policy', "frame-ancestors 'self'")
        .header('X-Frame-Options', 'SAMEORIGIN')
        .send(data);
    });
  };
}
