import './lib/zod-without-eval.ts';
import { DEFAULT_LOCALE, prepareNumbers } from '@seva/shared';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { takeOverEarlyPresses } from './app/early-presses.ts';
import { loadScreensAt } from './app/load-screens.ts';
import { queryClient } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { pageLocale, startIn } from './lib/i18n/catalogs.ts';
import { lacksLinkToken } from './lib/screens.ts';
import { sessionQuery } from './lib/session.ts';

/**
 * The app, started by boot.ts once the page has been painted.
 * /login and /signup arrive prerendered (prerender.ts), and so does a signed-in screen's heading and navigation when
 * the server found the browser signed in: the page already shows the screen, and `hydrateRoot` takes it
 * over as it is, keeping what the user typed meanwhile. The first render must equal the prerendered one, so the
 * screen's code is loaded first and the session is not known yet (every prerendered page renders for "not known").
 * A page opened after a redirect that carried state (a notice for /login) renders afresh instead: the prerendered
 * page does not hold that notice; so does an e-mailed link's screen opened without its token (the page was drawn with
 * one). Every other address starts from an empty page.
 */
async function start(root: HTMLElement): Promise<void> {
  const prerendered = root.hasChildNodes() && !(window.history.state as { usr?: unknown } | null)?.usr && !lacksLinkToken(window.location);
  // A page rendered here asks who is signed in while its screen loads, not after (a signed-in screen waits for both).
  if (!prerendered) void queryClient.prefetchQuery(sessionQuery);
  const locale = pageLocale();
  await startIn(locale);
  // In a task of its own, before the first render draws a number in the page's language (D-069).
  if (locale !== DEFAULT_LOCALE) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    prepareNumbers(locale);
  }
  await loadScreensAt(routes, window.location.pathname);
  const app = <App router={createBrowserRouter(routes)} prerendered={prerendered ? window.location.pathname : null} />;
  // As a transition, React renders in slices and lets the browser answer in between (a slow phone's main thread is not
  // held for the whole first render); a click or key on the page meanwhile hydrates its part at once and is not lost.
  takeOverEarlyPresses();
  startTransition(() => {
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
  // Web vitals observe buffered entries, so the reporter need not hold up the first screen.
  const { reportWebVitals } = await import('./lib/web-vitals.ts');
  reportWebVitals();
}

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
void start(root);
