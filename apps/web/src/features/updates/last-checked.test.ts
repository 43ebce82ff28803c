import { describe, expect, it } from 'vitest';
import { lastCheckedText } from './last-checked.ts';

describe('last checked', () => {
  it('writes the date the British way, as every other date in the portal', () => {
    expect(lastCheckedText(new Date(2025, 3, 30, 12))).toBe('Last checked: 30 April 2025');
    expect(lastCheckedText(new Date(2026, 0, 2, 9))).toBe('Last checked: 2 January 2026');
  });

  it("reads the server's ISO time in the user's time zone", () => {
    const local = new Date(2025, 11, 31, 23, 30);
    // Only meaningful where that evening is already another day in UTC: vite.config.ts sets TZ for the web tests.
    expect(local.getUTCDate(), 'the web tests run in a time zone behind UTC').not.toBe(local.getDate());
    expect(lastCheckedText(local.toISOString())).toBe('Last checked: 31 December 2025');
  });

  it('gives nothing for a time it cannot read', () => {
    expect(lastCheckedText('not a date')).toBeNull();
  });
});
