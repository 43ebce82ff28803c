import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

// The web tests run in America/Los_Angeles (vite.config.ts): the day and hour are the reader's, the words British.
describe('dates, the British way', () => {
  it('writes the day before the month, in the reader’s time zone', () => {
    expect(formatDate('2025-04-30T12:00:00.000Z')).toBe('30 April 2025');
    expect(formatDate('2025-05-01T03:00:00.000Z')).toBe('30 April 2025');
    expect(formatDateTime('2026-11-21T18:05:00.000Z')).toBe('21 November 2026 at 10:05');
  });

  it('gives back what is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});
