import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { security } from '../../plugins/api-contract.ts';
import { refusals } from '../../plugins/contract-parts.ts';
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

/** Counts one report from an address; refuses (429) when the address has sent too many in the window. */
type VitalsLimit = (action: Extract<keyof Config['rateLimits'], 'vitals'>, ip: string) => Promise<void>;

/** A report is a few hundred bytes; anything much larger is not one. */
const VITAL_BODY_LIMIT = 2048;

const vitalCall = {
  bodyLimit: VITAL_BODY_LIMIT,
  schema: {
    tags: ['api: vitals'],
    summary: 'Report a web vital measured in the browser (logged, not stored)',
    security: security.anyone,
    body: vitalSchema,
    response: { 204: z.null().meta({ description: 'Logged.' }), ...refusals(400, 413, 429) },
  },
};

export function vitalsRoutes(limit: VitalsLimit) {
  return async (app: FastifyInstance) => {
    app.post('/', vitalCall, async (request, reply) => {
      // Anyone may report, so reports are limited per address: nobody can fill the log.
      await limit('vitals', request.ip);
      const vital = parseBody(vitalSchema, request.body);
      request.log.info({ vital }, 'web vital');
      return reply.status(204).send();
    });
  };
}
