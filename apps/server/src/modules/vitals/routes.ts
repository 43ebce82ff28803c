import type { FastifyInstance } from 'fastify';
import { vitalReportSchema } from '@seva/shared';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { security } from '../../plugins/api-contract.ts';
import { refusals } from '../../plugins/contract-parts.ts';
import { parseBody } from '../../plugins/parse-body.ts';

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
    body: vitalReportSchema,
    response: { 204: z.null().meta({ description: 'Logged.' }), ...refusals(400, 413, 429) },
  },
};

export function vitalsRoutes(limit: VitalsLimit) {
  return async (app: FastifyInstance) => {
    app.post('/', vitalCall, async (request, reply) => {
      // Anyone may report, so reports are limited per address: nobody can fill the log.
      await limit('vitals', request.ip);
      const vital = parseBody(vitalReportSchema, request.body);
      request.log.info({ vital }, 'web vital');
      return reply.status(204).send();
    });
  };
}
