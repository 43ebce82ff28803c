// How far apart two face descriptors are, and how close means the same person. Without dependencies, so that pure
// modules (person-match.ts) use it without loading the engine.

/**
 * Two descriptors closer than this are the same person. Measured with this engine on the fixtures
 * (people/, 8 people x 5 images, all pairs): same person 0.29-0.60 (median 0.43, 3 of 80 pairs above
 * 0.54), different people 0.563-1.01 (median 0.82, 5th percentile 0.69). In the recognition task
 * (enrol image 1, identify images 2-5) own-person distances reach 0.558 and the nearest other person is
 * never closer than 0.648. 0.54 sits between the task's second-largest own distance (0.512) and the
 * closest different-person pair (0.563): 31/32 identified and no false match among all 700 pairs.
 * face-api's usual 0.6 would wrongly match two of those pairs.
 */
export const MATCH_THRESHOLD = 0.54;

export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`Descriptor lengths differ: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}
