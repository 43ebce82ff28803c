import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale } from '@seva/shared';

/**
 * Dates as the page's language writes them, by Intl (issue #23): in British English '21 November 2026' and
 * '21 November 2026 at 10:00' (issue #9: never the US way), in Hindi '21 नवंबर 2026'; in the reader's own time zone.
 * Every screen that shows a date uses these.
 */
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

/** The language dates are written in: the page's; in the pseudo-language (en-XA) and before the page starts, British English. */
export function dateLocale(): string {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

function formatsFor(): { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat } {
  const locale = dateLocale();
  let found = formats.get(locale);
  if (!found) {
    found = { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }), dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }) };
    formats.set(locale, found);
  }
  return found;
}

/** '21 November 2026'; a value that is not a date comes back as it was. */
export function formatDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatsFor().date.format(date);
}

/** '21 November 2026 at 10:00'; a value that is not a date comes back as it was. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatsFor().dateTime.format(date);
}
