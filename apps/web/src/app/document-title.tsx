import { useLocalise } from '../lib/i18n/use-localise.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

/**
 * Each screen has its own document title (WCAG 2.4.2): the `title` its route's handle carries, which the screen table
 * gives every screen (lib/screens.ts) and the 404 page names itself.
 */
export function DocumentTitle() {
  const { t } = useLingui();
  const localise = useLocalise();
  const matches = useMatches();
  const english = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;
  const title = english ? localise(english) : undefined;
  const full = title ? t`${title} · SEVA portal` : t`SEVA portal`;
  useEffect(() => {
    document.title = full;
  }, [full]);
  return null;
}
