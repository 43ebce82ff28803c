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
  const atFirst = page <= 1;
  const atLast = page >= pageCount;
  const move = (step: -1 | 1, blocked: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) return event.preventDefault();
    onMove(step);
  };
  return (
    <nav className="pdf-page-navigation" aria-label="Manual pages">
      <Button variant="secondary" aria-disabled={atFirst || undefined} onClick={move(-1, atFirst)}>
        Previous page
      </Button>
      <p role="status" className="pdf-page-status">
        {pageStatus(page, pageCount)}
      </p>
      <Button variant="secondary" aria-disabled={atLast || undefined} onClick={move(1, atLast)}>
        Next page
      </Button>
    </nav>
  );
}
