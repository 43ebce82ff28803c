import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The page a viewer shows after moving by `step`, kept within 1..pageCount (a document does not wrap around). */
export function movePage(current: number, step: number, pageCount: number): number {
  if (pageCount < 1) return 1;
  return Math.min(Math.max(current + step, 1), pageCount);
}

/** The page status the viewer announces, in `i18n`'s language. */
export const pageStatus = (i18n: I18n, page: number, pageCount: number) => i18n._(msg`Page ${page} of ${pageCount}`);
