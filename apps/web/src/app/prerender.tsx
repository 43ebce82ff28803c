import { i18n } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE } from '@seva/shared';
import { WAITING_MESSAGE } from '../before-app/waiting-message.ts';
import { loadFeatureCatalog, startIn, type PageLocale } from '../lib/i18n/catalogs.ts';
import { screens } from '../lib/screens.ts';
import { App } from './app.tsx';
import { loadScreensAt } from './load-screens.ts';
import { routes } from './router.tsx';

/** For the prerender step, which links each page's catalogs beside its chunks. */
export { pageCatalogFiles } from '../lib/i18n/catalog-names.ts';

/** What a screen opened from an e-mailed link is drawn with at build time: a token, which the page does not show. */
const LINK_TOKEN_SEARCH = '?token=prerendered';

/**
 * The screens whose page is rendered at build time (prerender.ts, beside vite.config.ts): the first ones a user waits
 * for, marked `prerendered` in the screen table. `module` is the screen's code, whose chunk the page asks for at once
 * beside the app's. `signedIn`: the page is for a browser the server finds signed in, and holds the navigation and the
 * screen's heading while the app asks who that is (route-guard.tsx); other browsers get index.html for that address.
 * `search`: the query the screen is drawn with (a link's token, for the screens e-mails lead to).
 */
export const PRERENDERED = screens.flatMap((screen) =>
  'prerendered' in screen && screen.prerendered
    ? [{ path: screen.path, module: `src/${screen.module}`, signedIn: screen.audience === 'signed-in', search: 'linkToken' in screen && screen.linkToken ? LINK_TOKEN_SEARCH : '' }]
    : [],
);

/**
 * The languages the pages are rendered in: English, the source, at the top of dist/; every other language, and the
 * pseudo-language of the e2e sweep (D-058), in a folder named for it, which the server picks by the page's language.
 */
const PAGE_LOCALES: readonly PageLocale[] = [...LOCALES, PSEUDO_LOCALE];
export const PAGE_LANGUAGES: ReadonlyArray<{ locale: PageLocale; folder: string }> = PAGE_LOCALES.map((locale) => ({
  locale,
  folder: locale === DEFAULT_LOCALE ? '' : locale,
}));

/**
 * The markup of the screen at `pathname`, in `locale`, as the browser's first render gives it (main.tsx): the same tree, its screen
 * loaded, nobody known to be signed in yet.
 */
export async function renderScreen(pathname: string, locale: PageLocale, search = ''): Promise<string> {
  await startIn(locale);
  await loadScreensAt(routes, pathname);
  return renderToString(<App router={createMemoryRouter(routes, { initialEntries: [`${pathname}${search}`] })} prerendered={pathname} />);
}

/** What every page's status line says while a press made before the app ran waits for it (before-app/keep-presses.ts). */
export async function waitingText(locale: PageLocale): Promise<string> {
  await startIn(locale);
  await loadFeatureCatalog('before-app');
  return i18n._(WAITING_MESSAGE);
}
