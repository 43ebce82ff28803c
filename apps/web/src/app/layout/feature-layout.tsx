import { Outlet, useLocation } from 'react-router';
import { screenHeadings } from '../../lib/screen-headings.ts';
import { SessionEndedNotice } from './session-ended-notice.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopNavigation } from './top-navigation.tsx';

/**
 * Screens for a signed-in user: the shared navigation above the screen. `placeholder`: the screen's heading alone, in
 * its place, until the screen can be shown (the page prerendered for a signed-in browser, route-guard.tsx).
 */
export function FeatureLayout({ placeholder = false }: { placeholder?: boolean }) {
  return (
    <>
      <SkipLink />
      <TopNavigation />
      <main id="main" className="page">
        <SessionEndedNotice />
        {placeholder ? <ScreenPlaceholder /> : <Outlet />}
      </main>
    </>
  );
}

/** The heading the screen will show, where it will show it; a plain h1, so the screen's own heading counts as the page's first. */
function ScreenPlaceholder() {
  const { pathname } = useLocation();
  const heading = (screenHeadings as Record<string, string>)[pathname];
  return heading ? <h1 className="page-heading">{heading}</h1> : null;
}
