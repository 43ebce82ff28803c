import { formatDate, formatDateTime } from '../../lib/dates.ts';

/** The date a face was added, written the British way, e.g. '21 November 2026'. */
export function formatFaceDate(timestamp: string, withTime = false): string {
  return withTime ? formatDateTime(timestamp) : formatDate(timestamp);
}
