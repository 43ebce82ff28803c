/**
 * `BENCH_SMOKE=1` (set by `npm test`): each benchmark runs one small round, to prove it still runs to the end. Its
 * figures then mean nothing and are not compared with targets.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/** A benchmark's full size, or its size for a smoke round. */
export function sized<T>(full: T, small: T): T {
  return smoke ? small : full;
}

/** A figure against its target: MET or MISSED, or not judged at all in a smoke round. */
export function verdict(met: boolean): string {
  if (smoke) return '(smoke round: not judged)';
  return met ? 'MET' : 'MISSED';
}

/** The first line a benchmark prints: what it measures, marked when it is a smoke round. */
export function heading(text: string): void {
  console.log(smoke ? `${text} [SMOKE ROUND: a small run that proves the benchmark finishes; its figures mean nothing]` : text);
}
