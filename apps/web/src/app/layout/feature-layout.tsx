import type { ComponentType, ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { screenHeadingAt } from '../../lib/screens.ts';
import { SessionEndedNotice } from './session-ended-notice.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopNavigation } from './top-navigation.tsx';

/**
 * A screen's route, once its module is loaded (router.tsx): `Introduction`, what the screen says under its heading to
 * everyone whatever their data, exported by the screen's module beside the screen, which shows it there.
 */
export interface IntroducedScreen {
  Introduction?: ComponentType | undefined;
}

/**
 * Screens for a signed-in user: the shared navigation above the screen. `placeholder`: shown with the screen's heading
 * and introduction in the screen's place until the screen can be shown (the page prerendered for a signed-in browser,
 * whose route guard puts its status there: route-guard.tsx). The introduction is drawn by the same component as in
 * the screen, so the page arrives with the screen's fixed text in place (D-068).
 */
export function FeatureLayout({ placeholder }: { placeholder?: ReactNode }) {
  const Introduction = (useMatches().at(-1)?.handle as IntroducedScreen | undefined)?.Introduction;
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
            {Introduction ? <Introduction /> : null}
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
