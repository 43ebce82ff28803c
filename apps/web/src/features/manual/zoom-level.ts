import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The viewer's zoom steps, as shares of the page's base width (below). */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
export const DEFAULT_ZOOM = 1;

/** CSS pixels per PDF point at a PDF's actual size (pdf.js's 100 %: 96 px an inch, 72 points an inch). */
export const CSS_PX_PER_POINT = 96 / 72;

/** The zoom level `step` steps from `current` (1 in, -1 out), kept within the steps. */
export function stepZoom(current: number, step: 1 | -1): number {
  const index = ZOOM_LEVELS.findIndex((level) => level >= current);
  const at = index < 0 ? ZOOM_LEVELS.length - 1 : index;
  return ZOOM_LEVELS[Math.min(Math.max(at + step, 0), ZOOM_LEVELS.length - 1)]!;
}

/** The zoom the viewer announces, in `i18n`'s language. */
export function zoomStatus(i18n: I18n, zoom: number): string {
  const percent = Math.round(zoom * 100);
  return i18n._(msg`Zoom ${percent}%`);
}

/**
 * The width to draw a page at, in CSS pixels. At 100 % the page fills the frame, but never drawn smaller than its
 * actual size: in a narrow frame (a phone, or a browser zoomed to 400 %, where the frame is a quarter as many CSS
 * pixels wide) it keeps its actual size and the frame scrolls sideways, so browser zoom makes its text bigger as it
 * does any other text. The viewer's own zoom multiplies that.
 */
export function pageWidth(frameWidth: number, pageWidthPoints: number | undefined, zoom: number): number {
  const actual = pageWidthPoints ? pageWidthPoints * CSS_PX_PER_POINT : 0;
  return Math.floor(Math.max(frameWidth, actual) * zoom);
}
