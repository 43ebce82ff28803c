import { useEffect } from 'react';
import { useMatches } from 'react-router';

/**
 * Each screen has its own document title (WCAG 2.4.2): the `title` its route's handle carries, which the screen table
 * gives every screen (lib/screens.ts) and the 404 page names itself.
 */
export function DocumentTitle() {
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${title} · SEVA portal` : 'SEVA portal';
  }, [title]);
  return null;
}
