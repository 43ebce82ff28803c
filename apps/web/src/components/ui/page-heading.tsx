import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Whether the page the browser loaded has shown its heading. That first heading leaves focus where the browser
 * put it, so 'Skip to main content' stays the first Tab stop; headings shown later (route or view change) take it.
 */
let loadedPageHeadingShown = false;

/**
 * Whether the user has asked for something (a click, a key that activates, a form sent) since the last heading
 * appeared. A heading that appears while the user's focus is elsewhere on the page takes it only if they did (issue
 * #33): a link followed, a form sent; never a view the app changed by itself (a link's token found not valid) while a
 * screen-reader user was reading on.
 */
let userAsked = false;
if (typeof document !== 'undefined') {
  for (const type of ['click', 'submit']) document.addEventListener(type, () => (userAsked = true), true);
}

/**
 * The screen's h1; takes focus when it appears (route or view change) so screen readers announce where the user is,
 * unless the user is on a control of the page and asked for nothing since the last heading (`userAsked`).
 * `focusOnLoad`: take it also as the first heading of a freshly loaded page (a page opened from an e-mail link).
 */
export function PageHeading({ children, focusKey, id, focusOnLoad = false }: { children: ReactNode; focusKey?: string; id?: string; focusOnLoad?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const asked = userAsked;
    userAsked = false;
    if (!loadedPageHeadingShown) {
      // Set after this commit, so React's development double-run of effects does not count as a second heading.
      queueMicrotask(() => {
        loadedPageHeadingShown = true;
      });
      if (!focusOnLoad) return;
    }
    // Focus is on a control of the page, where the user put it, and they asked for nothing.
    if (!asked && document.activeElement !== document.body && document.activeElement !== ref.current) return;
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
