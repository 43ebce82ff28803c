const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** SPEC §2: 'Last checked: April 30, 2025', in the user's time zone; null for a time that cannot be read. */
export function lastCheckedText(checkedAt: string | Date): string | null {
  const date = checkedAt instanceof Date ? checkedAt : new Date(checkedAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Last checked: ${LONG_DATE.format(date)}`;
}
