import type { FastifyInstance } from 'fastify';
import { vitalReportSchema } from '@seva/shared';
import { noContent, refusals, security } from '../../plugins/api-contract.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import type { AttemptLimits } from '../attempt-limits/service.ts';

/** A report is a few hundred bytes; anything much larger is not one. */
const VITAL_BODY_LIMIT = 2048;

const vitalCall = {
  bodyLimit: VITAL_BODY_LIMIT,
  schema: {
    tags: ['api: vitals'],
    summary: 'Report a web vital measured in the browser (logged, not stored)',
    security: security.anyone,
    body: vitalReportSchema,
    response: { 204: noContent('Logged.'), ...refusals(400, 403, 413, 429) },
  },
};

export function vitalsRoutes(limits: Pick<AttemptLimits, 'action'>) {
  // Reports per address: one past the limit in the window is refused (429).
  const reports = limits.action('vitals');
  return async (app: FastifyInstance) => {
    app.post('/', vitalCall, async (request, reply) => {
      // Anyone may report, so reports are limited per address: nobody can fill the log.
      await reports.count(request.caller.ip);
      const vital = parseBody(vitalReportSchema, request.body);
      request.log.info({ vital }, 'web vital');
      return reply.status(204).send();
    });
  };
}
