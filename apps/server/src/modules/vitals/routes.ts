import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AttemptLimits } from '../attempt-limits/service.ts';
import { parseBody } from '../../plugins/parse-body.ts';

/** product §1: web-vitals reports from the browser; logged, not stored. */
const vitalSchema = z.strictObject({
  name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite(),
  id: z.string().max(100),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  delta: z.number().finite().optional(),
  navigationType: z.string().max(40).optional(),
  path: z.string().max(200).optional(),
});

/** A report is a few hundred bytes; anything much larger is not one. */
const VITAL_BODY_LIMIT = 2048;

export function vitalsRoutes(limits: Pick<AttemptLimits, 'action'>) {
  // Reports per address: one past the limit in the window is refused (429).
  const reports = limits.action('vitals');
  return async (app: FastifyInstance) => {
    app.post('/', { bodyLimit: VITAL_BODY_LIMIT }, async (request, reply) => {
      // Anyone may report, so reports are limited per address: nobody can fill the log.
      await reports.count(request.caller.ip);
      const vital = parseBody(vitalSchema, request.body);
      request.log.info({ vital }, 'web vital');
      return reply.status(204).send();
    });
  };
}
