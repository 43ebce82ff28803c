import { z } from 'zod';

/** GET /api/health: the instance lives and its database answers. */
export const livenessAnswerSchema = z.object({ status: z.literal('ok') }).meta({ examples: [{ status: 'ok' }] });

/** Each part of readiness: 'ok', or what is wrong with it. */
const readinessChecks = z.object({ database: z.string(), faceEngine: z.string(), migrations: z.string(), shutdown: z.string() });

const ALL_OK = { database: 'ok', faceEngine: 'ok', migrations: 'ok', shutdown: 'ok' };

/** GET /api/health/ready, 200: every part is 'ok'. */
export const readinessSchema = z
  .object({ status: z.enum(['ready', 'not-ready']), checks: readinessChecks })
  .meta({ examples: [{ status: 'ready', checks: ALL_OK }] });
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/health/ready, 503: what is wrong, in one sentence and part by part (also once a shutdown has begun). */
export const notReadySchema = readinessSchema
  .extend({ status: z.literal('not-ready'), message: z.string() })
  .meta({ examples: [{ status: 'not-ready', message: 'Not ready: The server is shutting down.', checks: { ...ALL_OK, shutdown: 'The server is shutting down.' } }] });
