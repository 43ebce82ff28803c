/**
 * `BENCH_SMOKE=1` (set by `npm test`): each benchmark runs one small round, to prove it still runs to the end. Its
 * figures then mean nothing and are not compared with targets.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/** A benchmark's full size, or its size for a smoke round. */
export function sized<T>(full: T, small: T): T {
  return smoke ? small : full;
}
