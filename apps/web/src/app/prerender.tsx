import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { paths } from '../lib/paths.ts';
import { App } from './app.tsx';
import { loadScreensAt } from './load-screens.ts';
import { routes } from './router.tsx';

/**
 * The screens whose page is rendered at build time (prerender.ts, beside vite.config.ts): the first ones a user waits
 * for. `module` is the screen's code, whose chunk the page asks for at once beside the app's. `signedIn`: the page is
 * for a browser the server finds signed in, and holds the navigation and the screen's heading while the app asks
 * who that is (route-guard.tsx); other browsers get index.html for that address.
 */
export const PRERENDERED = [
  { path: paths.login, module: 'src/features/auth/login-page.tsx', signedIn: false },
  { path: paths.signup, module: 'src/features/auth/signup-page.tsx', signedIn: false },
  { path: paths.dashboard, module: 'src/features/dashboard/dashboard-page.tsx', signedIn: true },
  { path: paths.faces, module: 'src/features/faces/faces-page.tsx', signedIn: true },
  { path: paths.addFace, module: 'src/features/faces/add-face-page.tsx', signedIn: true },
  { path: paths.sos, module: 'src/features/sos/sos-page.tsx', signedIn: true },
  { path: paths.manual, module: 'src/features/manual/manual-page.tsx', signedIn: true },
  { path: paths.updates, module: 'src/features/updates/updates-page.tsx', signedIn: true },
  { path: paths.profile, module: 'src/features/profile/profile-page.tsx', signedIn: true },
  { path: paths.pair, module: 'src/features/pairing/pair-page.tsx', signedIn: true },
] as const;

/**
 * The markup of the screen at `pathname` as the browser's first render gives it (main.tsx): the same tree, its screen
 * loaded, nobody known to be signed in yet.
 */
export async function renderScreen(pathname: string): Promise<string> {
  await loadScreensAt(routes, pathname);
  return renderToString(<App router={createMemoryRouter(routes, { initialEntries: [pathname] })} prerendered={pathname} />);
}
