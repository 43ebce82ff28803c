import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { manualSummarySchema } from '@seva/shared';
import { z } from 'zod';
import { notFound } from '../../domain-errors.ts';
import { noContent } from '../../plugins/api-contract.ts';
import { browserCall, fileBytes } from '../../plugins/contract-parts.ts';
import { helpersAllowed } from '../../plugins/session.ts';
import { parseRange } from './byte-range.ts';
import { contentDisposition } from './content-disposition.ts';
import { manualMessages, type ManualsService } from './service.ts';

/** Whether an If-None-Match header names this ETag (or any). */
const matchesAny = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);

const fileParams = z.object({ id: z.string().meta({ description: 'The `id` of /api/manuals/latest.' }) });
/** Any other value of `download` (or several) views the PDF, as a missing one does. */
const fileQuery = z.object({
  download: z.enum(['1', 'true']).optional().catch(undefined).meta({ description: '`1` or `true`: as an attachment, not to view in the browser.' }),
});

const pdf = { 'application/pdf': { schema: fileBytes } };
const wholeOrRange = browserCall(
  'api: manuals',
  "A manual's PDF, whole or a byte range",
  {
    description: 'Range requests (one range) answer 206; If-Range and If-None-Match take the ETag. A range beyond the file answers 416 with `Content-Range: bytes */<size>`.',
    params: fileParams,
    querystring: fileQuery,
  },
  { description: 'The whole PDF.', content: pdf },
  404,
  416,
);
const fileCall = {
  ...helpersAllowed,
  schema: {
    ...wholeOrRange,
    response: {
      ...wholeOrRange.response,
      206: { description: 'The byte range asked for, in Content-Range.', content: pdf },
      304: noContent('The PDF has not changed (If-None-Match).'),
    },
  },
};

/**
 * /api/manuals: the newest manual and each manual's PDF. Signed in only.
 * The PDF is streamed (memory does not grow with its size) with Range support, so a viewer can fetch the pages it
 * shows and a cut download can resume. It may be framed by the portal itself (an embedded viewer), by no other
 * site, and keeps the API's locked-down CSP otherwise.
 */
export function manualsRoutes(manuals: ManualsService) {
  return async (app: FastifyInstance) => {
    const latestCall = { ...helpersAllowed, schema: browserCall('api: manuals', 'The newest readable manual', {}, manualSummarySchema, 404) };
    app.get('/latest', latestCall, async () => manuals.latest());

    app.get('/:id/file', fileCall, async (request, reply) => {
      const manual = await manuals.file(fileParams.parse(request.params).id);
      const download = fileQuery.parse(request.query).download !== undefined;
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
