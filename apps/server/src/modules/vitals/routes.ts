import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../plugins/parse-body.ts';

/** SPEC §1: web-vitals reports from the browser; logged, not stored. */
const vitalSchema = z.strictObject({
  name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite(),
  id: z.string().max(100),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  delta: z.number().finite().optional(),
  navigationType: z.string().max(40).optional(),
  path: z.string().max(200).optional(),
});

export function vitalsRoutes() {
  return async (app: FastifyInstance) => {
    app.post('/', async (request, reply) => {
      const vital = parseBody(vitalSchema, request.body);
      request.log.info({ vital }, 'web vital');
      return reply.status(204).send();
    });
  };
}
