import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { pageStatus } from './page-number.ts';

interface PageNavigationProps {
  page: number;
  pageCount: number;
  onMove: (step: -1 | 1) => void;
}

/**
 * Previous and next page buttons around an announced 'Page N of M'. At either end the button is marked
 * aria-disabled rather than disabled, so it keeps keyboard focus instead of dropping it to the page.
 */
export function PageNavigation({ page, pageCount, onMove }: PageNavigationProps) {
  const { i18n, t } = useLingui();
  const atFirst = page <= 1;
  const atLast = page >= pageCount;
  const move = (step: -1 | 1, blocked: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) return event.preventDefault();
    onMove(step);
  };
  return (
    <nav className="pdf-page-navigation" aria-label={t`Manual pages`}>
      <Button variant="secondary" aria-disabled={atFirst || undefined} onClick={move(-1, atFirst)}>
        {t`Previous page`}
      </Button>
      <p role="status" className="pdf-page-status">
        {pageStatus(i18n, page, pageCount)}
      </p>
      <Button variant="secondary" aria-disabled={atLast || undefined} onClick={move(1, atLast)}>
        {t`Next page`}
      </Button>
    </nav>
  );
}
