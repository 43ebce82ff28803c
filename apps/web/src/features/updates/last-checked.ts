import { fill } from '@seva/shared';
import { formatDate } from '../../lib/dates.ts';

/** product §2's 'Last checked: …', with the date written as every other date here ('30 April 2025'), in the user's time zone; null for a time that cannot be read. */
export function lastCheckedText(checkedAt: string | Date): string | null {
  const date = checkedAt instanceof Date ? checkedAt : new Date(checkedAt);
  if (Number.isNaN(date.getTime())) return null;
  return fill(/*i18n*/ 'Last checked: {date}', { date: formatDate(date) });
}
