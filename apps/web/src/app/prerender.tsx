import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { paths } from '../lib/paths.ts';
import { App } from './app.tsx';
import { loadScreensAt } from './load-screens.ts';
import { routes } from './router.tsx';

/**
 * The screens whose page is rendered at build time (prerender.ts, beside vite.config.ts): the first ones a user waits
 * for. `module` is the screen's code, whose chunk the page asks for at once beside the app's.
 */
export const PRERENDERED = [
  { path: paths.login, module: 'src/features/auth/login-page.tsx' },
  { path: paths.signup, module: 'src/features/auth/signup-page.tsx' },
] as const;

/**
 * The markup of the screen at `pathname` as the browser's first render gives it (main.tsx): the same tree, its screen
 * loaded, nobody known to be signed in yet.
 */
export async function renderScreen(pathname: string): Promise<string> {
  await loadScreensAt(routes, pathname);
  return renderToString(<App router={createMemoryRouter(routes, { initialEntries: [pathname] })} />);
}
