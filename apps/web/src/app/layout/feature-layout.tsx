import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { screenHeadingAt } from '../../lib/screens.ts';
import { SessionEndedNotice } from './session-ended-notice.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopNavigation } from './top-navigation.tsx';

/**
 * Screens for a signed-in user: the shared navigation above the screen. `placeholder`: shown with the screen's heading
 * in the screen's place until the screen can be shown (the page prerendered for a signed-in browser, whose route guard
 * puts its status there: route-guard.tsx).
 */
export function FeatureLayout({ placeholder }: { placeholder?: ReactNode }) {
  return (
    <>
      <SkipLink />
      <TopNavigation />
      <main id="main" className="page page-screen">
        <SessionEndedNotice />
        {placeholder === undefined ? (
          <Outlet />
        ) : (
          <>
            <ScreenHeading />
            {placeholder}
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * The heading the screen will show, where it will show it, in the page's language as the screen says it (PageHeading);
 * a plain h1, so the screen's own heading counts as the page's first.
 */
function ScreenHeading() {
  const localise = useLocalise();
  const heading = screenHeadingAt(useLocation().pathname);
  return heading ? <h1 className="page-heading">{localise(heading)}</h1> : null;
}
