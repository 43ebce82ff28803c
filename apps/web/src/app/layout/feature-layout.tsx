import { Outlet } from 'react-router';
import { SessionEndedNotice } from './session-ended-notice.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopNavigation } from './top-navigation.tsx';

/** Screens for a signed-in user: the shared navigation above the screen. */
export function FeatureLayout() {
  return (
    <>
      <SkipLink />
      <TopNavigation />
      <main id="main" className="page">
        <SessionEndedNotice />
        <Outlet />
      </main>
    </>
  );
}
