import { faceMessages, MAX_ANALYSES_IN_FLIGHT } from '@seva/shared';
import { FaceEngineBusyError, FaceImageError, MAX_QUEUE, type FaceEngine } from '../../face-engine/face-engine.ts';
import { createFairQueue, QueueFullError, TooManyInFlightError } from '../../face-engine/fair-queue.ts';
import { invalid, tooMany, unavailable, unprocessable } from '../../domain-errors.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { FaceRefusal, PortalMetrics } from '../../metrics/portal-metrics.ts';

/**
 * Runs the engine in the user's turn (at most two of their pictures at once, users served in turn), turning its
 * refusals into answers: a bad image or a third picture is the caller's, a full queue is ours.
 */
export function createEngineTurns(deps: {
  engine: () => FaceEngine;
  engineSlots?: number;
  metrics?: Pick<PortalMetrics, 'faceAnalyses' | 'faceAnalysisDuration' | 'faceRefusals' | 'watch'>;
}) {
  const slots = deps.engineSlots ?? 2;
  const engineQueue = createFairQueue({ slots, perKey: MAX_ANALYSES_IN_FLIGHT, maxWaiting: MAX_QUEUE });
  deps.metrics?.watch('faceQueue', () => ({ ...engineQueue.load, slots }));
  const refusal = (reason: FaceRefusal) => deps.metrics?.faceRefusals.inc({ reason });

  return async function withEngine<T>(user: SignedInUser, kind: 'analyse' | 'detect', work: (engine: FaceEngine) => Promise<T>): Promise<T> {
    try {
      return await engineQueue.run(user.uid, async () => {
        const started = performance.now();
        const result = await work(deps.engine());
        deps.metrics?.faceAnalyses.inc({ kind });
        deps.metrics?.faceAnalysisDuration.observe({ kind }, (performance.now() - started) / 1000);
        return result;
      });
    } catch (error) {
      if (error instanceof FaceImageError) {
        refusal('unusable_image');
        throw unprocessable(error.message, 'file');
      }
      if (error instanceof TooManyInFlightError) {
        refusal('too_many_in_flight');
        throw tooMany(faceMessages.analysesInFlight);
      }
      if (error instanceof FaceEngineBusyError || error instanceof QueueFullError) {
        refusal('queue_full');
        throw unavailable(faceMessages.engineBusy);
      }
      throw error;
    }
  };
}

/** A request's picture for the engine: refused when none was sent. */
export function requireImage(file: Buffer | undefined): asserts file is Buffer {
  if (!file || file.length === 0) throw invalid(faceMessages.fileMissing, 'file');
}

export type WithEngine = ReturnType<typeof createEngineTurns>;
