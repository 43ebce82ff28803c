import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Whether the page the browser loaded has shown its heading. That first heading leaves focus where the browser
 * put it, so 'Skip to main content' stays the first Tab stop; headings shown later (route or view change) take it.
 */
let loadedPageHeadingShown = false;

/**
 * The screen's h1; takes focus when it appears (route or view change) so screen readers announce where the user is.
 * `focusOnLoad`: take it also as the first heading of a freshly loaded page (a page opened from an e-mail link).
 */
export function PageHeading({ children, focusKey, id, focusOnLoad = false }: { children: ReactNode; focusKey?: string; id?: string; focusOnLoad?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!loadedPageHeadingShown) {
      // Set after this commit, so React's development double-run of effects does not count as a second heading.
      queueMicrotask(() => {
        loadedPageHeadingShown = true;
      });
      if (!focusOnLoad) return;
    }
    ref.current?.focus({ preventScroll: false });
  }, [focusKey, focusOnLoad]);
  // A screen's heading from the screen table is English (lib/screens.ts), said in the page's language.
  const localise = useLocalise();
  return (
    <h1 ref={ref} tabIndex={-1} id={id} className="page-heading">
      {typeof children === 'string' ? localise(children) : children}
    </h1>
  );
}
