import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CSS_PX_PER_POINT, pageWidth, stepZoom, zoomStatus } from './zoom-level.ts';

const A4_POINTS = 595.28;

describe('zoom level', () => {
  it('steps in and out, and stops at either end', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    expect(zoomStatus(i18n, 1.25)).toBe('Zoom 125%');
  });

  it('fits a wide frame, and zooms from there', () => {
    expect(pageWidth(1100, A4_POINTS, 1)).toBe(1100);
    expect(pageWidth(1100, A4_POINTS, 2)).toBe(2200);
  });

  it('keeps the page at its actual size in a narrow frame, so browser zoom enlarges its text', () => {
    // 1280 CSS px at 100 % and at 400 % browser zoom (320 CSS px): the text is drawn no smaller in CSS px, so on the
    // screen it is about four times as big, where fitting the frame would have kept it the same.
    const at100 = pageWidth(1100, A4_POINTS, 1);
    const at400 = pageWidth(284, A4_POINTS, 1);
    expect(at400).toBe(Math.floor(A4_POINTS * CSS_PX_PER_POINT));
    expect((at400 * 4) / at100).toBeGreaterThan(2.5);
  });

  it('fits the frame until the page size is known', () => {
    expect(pageWidth(284, undefined, 1)).toBe(284);
  });
});
