import { describe, expect, it } from 'vitest';
import { manualDate, manualTitle } from './manual-heading.ts';

const manual = { fileName: 'seva-user-manual.pdf', timeCreated: '2025-04-30T10:00:00.000Z' };

describe('manual heading', () => {
  it("shows the manual's own title and creation date, written the British way", () => {
    const info = { title: 'SEVA User Manual', created: new Date('2025-03-02T12:00:00Z') };
    expect(manualTitle(info, manual)).toBe('SEVA User Manual');
    expect(manualDate(info, manual)).toEqual({ label: 'created', text: '2 March 2025', iso: '2025-03-02T12:00:00.000Z' });
  });

  it('falls back to the file name and the day the manual was added', () => {
    const info = { title: null, created: null };
    expect(manualTitle(info, manual)).toBe('seva-user-manual.pdf');
    expect(manualDate(info, manual)).toEqual({ label: 'added', text: '30 April 2025', iso: manual.timeCreated });
    expect(manualDate(info, { timeCreated: null })).toBeNull();
  });
});
