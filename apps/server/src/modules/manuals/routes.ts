import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain-errors.ts';
import { helpersAllowed } from '../../plugins/session.ts';
import { parseRange } from './byte-range.ts';
import { contentDisposition } from './content-disposition.ts';
import { manualMessages, type ManualsService } from './service.ts';

/** Whether an If-None-Match header names this ETag (or any). */
const matchesAny = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);

/**
 * /api/manuals: the newest manual and each manual's PDF. Signed in only.
 * The PDF is streamed (memory does not grow with its size) with Range support, so a viewer can fetch the pages it
 * shows and a cut download can resume. It may be framed by the portal itself (an embedded viewer), by no other
 * site, and keeps the API's locked-down CSP otherwise.
 */
export function manualsRoutes(manuals: ManualsService) {
  return async (app: FastifyInstance) => {
    app.get('/latest', helpersAllowed, async () => manuals.latest());

    app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/:id/file', helpersAllowed, async (request, reply) => {
      const manual = await manuals.file(request.params.id);
      const download = request.query.download === '1' || request.query.download === 'true';
      reply
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'")
        .header('X-Frame-Options', 'SAMEORIGIN')
        .header('Accept-Ranges', 'bytes')
        .header('ETag', manual.etag);
      if (matchesAny(request.headers['if-none-match'], manual.etag)) return reply.status(304).send();

      // If-Range: the range holds only for the version the client already has part of; otherwise the whole file.
      const ifRange = request.headers['if-range'];
      const range = ifRange === undefined || ifRange === manual.etag ? parseRange(request.headers.range, manual.size) : { kind: 'whole' as const };
      if (range.kind === 'unsatisfiable') {
        return reply.status(416).header('Content-Range', `bytes */${manual.size}`).send({ message: 'This part of the file does not exist.' });
      }
      // HEAD reads nothing (Fastify would read and drop a whole stream); the headers say what GET would send.
      const stream = request.method === 'HEAD' ? Readable.from([]) : await manual.open(range.kind === 'partial' ? range : undefined);
      if (!stream) throw notFound(manualMessages.manualNotFound);
      reply.type('application/pdf').header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', manual.fileName));
      if (range.kind === 'partial') {
        reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${manual.size}`).header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', manual.size);
      }
      return reply.send(stream);
    });
  };
}
