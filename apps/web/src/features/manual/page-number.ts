/** The page a viewer shows after moving by `step`, kept within 1..pageCount (a document does not wrap around). */
export function movePage(current: number, step: number, pageCount: number): number {
  if (pageCount < 1) return 1;
  return Math.min(Math.max(current + step, 1), pageCount);
}

/** The page status the viewer announces. */
export const pageStatus = (page: number, pageCount: number) => `Page ${page} of ${pageCount}`;
