import { Outlet } from 'react-router';
import { SkipLink } from './skip-link.tsx';

/** Screens before sign-in: the product name above a single column. */
export function AuthLayout() {
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="site-header-bar">
          <span className="brand">
            <img src="/logo.svg" alt="" width="40" height="40" />
            <span>SEVA</span>
          </span>
          <p className="tagline">Smart glasses portal</p>
        </div>
      </header>
      <main id="main" className="page page-narrow">
        <Outlet />
      </main>
    </>
  );
}
