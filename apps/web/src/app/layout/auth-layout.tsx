import { Trans } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SkipLink } from './skip-link.tsx';

/** The header of screens before sign-in: the product name. */
export function AuthHeader() {
  return (
    <header className="site-header">
      <div className="site-header-bar">
        <span className="brand">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>SEVA</span>
        </span>
        <p className="tagline">
          <Trans>Smart glasses portal</Trans>
        </p>
      </div>
    </header>
  );
}

/** Screens before sign-in: the product name above a single column. */
export function AuthLayout() {
  return (
    <>
      <SkipLink />
      <AuthHeader />
      <main id="main" className="page page-narrow">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
