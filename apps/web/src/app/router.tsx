import { Navigate, Outlet, useMatches, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { StatusRegion } from '../components/ui/status-region.tsx';
import { loadFeatureCatalog } from '../lib/i18n/catalogs.ts';
import { paths } from '../lib/paths.ts';
import { screens, type Screen, type ScreenAudience, type SignedOutNotice } from '../lib/screens.ts';
import { DocumentTitle } from './document-title.tsx';
import { AuthLayout } from './layout/auth-layout.tsx';
import { FeatureLayout, type IntroducedScreen } from './layout/feature-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteGuard } from './route-guard.tsx';

/**
 * Every screen loads on first visit, so a page downloads only what its screen needs (issue #14): the forms' code with
 * the form screens, the camera, QR, PDF and dialog code with the screens that use them. The router finishes loading
 * a screen before it shows it, so the old screen stays until the new heading appears and takes focus. main.tsx loads
 * the screen of the address the page was opened at before the first render (load-screens.ts).
 */
const screenModules = import.meta.glob<Record<string, ComponentType | undefined>>('../features/*/*-page.tsx');

/** The component a screen's module exports, named for its file: faces-page.tsx exports FacesPage. */
const componentName = (module: string) =>
  (module.split('/').pop() ?? '')
    .replace(/\.tsx$/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The feature folder a screen's module is in, which names its catalog: features/faces/faces-page.tsx is 'faces'. */
const featureOf = (module: string) => module.split('/')[1]!;

function screenRoute(screen: Screen): RouteObject {
  const load = screenModules[`../${screen.module}`];
  if (!load) throw new Error(`The screen at ${screen.path} names ${screen.module}, which is not a screen module`);
  const name = componentName(screen.module);
  const handle: ScreenHandle = { title: screen.title, signedOut: screen.signedOut };
  return {
    path: screen.path,
    handle,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadFeatureCatalog(featureOf(screen.module))]);
      const Component = module[name];
      if (!Component) throw new Error(`${screen.module} does not export ${name}`);
      // Known once the module is, which is before the screen's first render, and before the page's (load-screens.ts).
      handle.Introduction = module.Introduction;
      return { Component };
    },
  };
}

const routesFor = (audience: ScreenAudience) => screens.filter((screen) => screen.audience === audience).map(screenRoute);

/**
 * What a route tells the app around its screen: the document title (document-title.tsx), the signed-out notice, and
 * what the screen says to everyone under its heading (feature-layout.tsx).
 */
interface ScreenHandle extends IntroducedScreen {
  title?: string;
  signedOut?: SignedOutNotice | undefined;
}

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

/** The guard reads the signed-out notice of the screen being shown, if it has one (product §4). */
function GuardedFeatures() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as ScreenHandle | undefined;
  return (
    <RouteGuard signedOut={handle?.signedOut} whilePending={(status) => <FeatureLayout placeholder={status} />}>
      <FeatureLayout />
    </RouteGuard>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    // A signed-in page opened directly loads its screen's code first; meanwhile an empty live region, not a warning.
    hydrateFallbackElement: <StatusRegion />,
    children: [
      { path: paths.home, element: <Navigate to={paths.login} replace /> },
      { element: <AuthLayout />, children: routesFor('signed-out') },
      { element: <GuardedFeatures />, children: routesFor('signed-in') },
      { element: <PublicLayout />, children: routesFor('public') },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies ScreenHandle },
    ],
  },
];
