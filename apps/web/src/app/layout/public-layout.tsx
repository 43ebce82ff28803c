import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useSignedIn } from '../../lib/session.ts';
import { AuthHeader } from './auth-layout.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopNavigation } from './top-navigation.tsx';

/**
 * Screens anyone may open, signed in or not (help, the accessibility statement, the 404 page): the header and
 * navigation a signed-in user has everywhere (issue #9), the product name otherwise. 'Current: …' names the screen by
 * its route's `handle.title`.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const signedIn = Boolean(useSignedIn().data);
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;
  return (
    <>
      <SkipLink />
      {signedIn ? <TopNavigation current={title} /> : <AuthHeader />}
      <main id="main" className="page page-narrow">
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </>
  );
}
