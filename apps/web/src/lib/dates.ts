/**
 * Dates as this British-English product writes them (issue #9): '21 November 2026', '21 November 2026 at 10:00', in
 * the reader's own time zone. Every screen that shows a date uses these, so none is written the US way.
 */
const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/** '21 November 2026'; a value that is not a date comes back as it was. */
export function formatDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : DATE.format(date);
}

/** '21 November 2026 at 10:00'; a value that is not a date comes back as it was. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : DATE_TIME.format(date);
}
