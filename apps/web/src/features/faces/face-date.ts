/** The date a face was added, in the reader's own language and format, e.g. 'November 21, 2026'. */
export function formatFaceDate(timestamp: string, withTime = false): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat(undefined, withTime ? { dateStyle: 'long', timeStyle: 'short' } : { dateStyle: 'long' }).format(date);
}
