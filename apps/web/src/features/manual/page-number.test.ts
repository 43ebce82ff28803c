import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { movePage, pageStatus } from './page-number.ts';

describe('manual page number', () => {
  it('moves one page at a time and stops at either end', () => {
    expect(movePage(1, 1, 6)).toBe(2);
    expect(movePage(6, 1, 6)).toBe(6);
    expect(movePage(1, -1, 6)).toBe(1);
    expect(movePage(4, -1, 6)).toBe(3);
  });

  it('announces the page as Page N of M', () => {
    expect(pageStatus(i18n, 2, 6)).toBe('Page 2 of 6');
  });
});
