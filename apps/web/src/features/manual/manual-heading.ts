import type { ManualSummary } from '@seva/shared';
import type { ManualInfo } from './pdf-reading.ts';

/** In `locale`, the user's own time zone: '30 April 2025' in British English, '30 अप्रैल 2025' in Hindi. */
const DATE_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** The manual's title as its metadata gives it, else its file name. */
export function manualTitle(info: Pick<ManualInfo, 'title'>, manual: Pick<ManualSummary, 'fileName'>): string {
  return info.title ?? manual.fileName;
}

/**
 * The manual's date for its heading: when it was created, by its metadata; else when it was added to the portal; null
 * when neither is known. Written as `locale` writes dates (British English unless said).
 */
export function manualDate(
  info: Pick<ManualInfo, 'created'>,
  manual: Pick<ManualSummary, 'timeCreated'>,
  locale = 'en-GB',
): { label: 'created' | 'added'; text: string; iso: string } | null {
  const added = manual.timeCreated ? new Date(manual.timeCreated) : null;
  const [label, date] = info.created && !Number.isNaN(info.created.getTime()) ? (['created', info.created] as const) : (['added', added] as const);
  if (!date || Number.isNaN(date.getTime())) return null;
  return { label, text: new Intl.DateTimeFormat(locale, DATE_FORMAT).format(date), iso: date.toISOString() };
}
