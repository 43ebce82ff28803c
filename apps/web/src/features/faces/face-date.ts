import { formatDate, formatDateTime } from '../../lib/dates.ts';

/** The date a face was added, written the page's language's way (lib/dates.ts), e.g. '21 November 2026' in English. */
export function formatFaceDate(timestamp: string, withTime = false): string {
  return withTime ? formatDateTime(timestamp) : formatDate(timestamp);
}
