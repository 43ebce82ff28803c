import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the screens `pathname` shows into their route objects, before a router is made from them. The
 * router's first render then shows the screen at once, as the prerendered page does (no fallback in between), so
 * `hydrateRoot` can take the page over as it is; the prerender step renders the same way.
 */
export async function loadScreensAt(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
