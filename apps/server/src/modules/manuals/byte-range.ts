import type { ByteRange } from '../../blobs/blob-store.ts';

/** What a Range header asks of a file of `size` bytes: all of it, one byte range, or nothing that exists (416). */
type RangeRequest = { kind: 'whole' } | ({ kind: 'partial' } & ByteRange) | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * RFC 9110 §14: one range (`bytes=a-b`, `bytes=a-`, `bytes=-n`), clamped to the file. A header we do not read (another
 * unit, several ranges, nonsense) is ignored and the whole file is sent, as the RFC allows; a range that starts past
 * the end cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
