import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/button.tsx';
import type { PageLink } from './face-list-state.ts';

/**
 * product §9: first, last and current ±1 with ellipses, plus 'Previous' and 'Next'. At either end 'Previous' or
 * 'Next' is aria-disabled, not disabled, so a keyboard user who pressed it keeps focus there.
 */
export function Pagination({ page, pageCount, links, onPage }: { page: number; pageCount: number; links: PageLink[]; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPage(target);
  };
  return (
    <nav aria-label={t`Pagination`} className="pagination">
      <ul>
        <li>
          <Button variant="secondary" aria-disabled={page <= 1 || undefined} onClick={() => go(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
        </li>
        {links.map((link) =>
          typeof link === 'number' ? (
            <li key={link}>
              <Button
                variant={link === page ? 'primary' : 'secondary'}
                aria-label={t`Page ${link}`}
                aria-current={link === page ? 'page' : undefined}
                onClick={() => go(link)}
              >
                {link}
              </Button>
            </li>
          ) : (
            <li key={link} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <Button variant="secondary" aria-disabled={page >= pageCount || undefined} onClick={() => go(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </li>
      </ul>
    </nav>
  );
}
