import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, PSEUDO_LOCALE, type Locale } from '@seva/shared';
import { catalogsAtStart, featureCatalogs } from './catalog-names.ts';

/** A language the page can be in: one of ours, or en-XA, the pseudo-language (accented English) the e2e sweep renders every screen in (D-058). */
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

/** Each catalog of each language but the server's, compiled on import by Lingui's Vite plugin; a page loads the ones it shows. */
const catalogs = import.meta.glob<{ messages: Messages }>(['../../../../../locales/*/*.po', '!**/server.po']);

/** The features' catalogs this page has loaded so far, so another language loads the same. */
const inUse = new Set<string>();

async function load(locale: PageLocale, names: Iterable<string>): Promise<void> {
  await Promise.all(
    [...names].map(async (name) => {
      const catalog = catalogs[`../../../../../locales/${locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale}/${name}.po`];
      // A feature that says nothing yet has no catalog (npm run messages makes one once it does).
      if (!catalog) return;
      const { messages } = await catalog();
      i18n.load(locale, locale === PSEUDO_LOCALE ? (await import('./pseudo.ts')).pseudoCatalog(messages) : messages);
    }),
  );
}

/** The page's language, as the server chose it (`<html lang>`). */
export function pageLocale(): PageLocale {
  const lang = typeof document === 'undefined' ? DEFAULT_LOCALE : document.documentElement.lang;
  return isLocale(lang) || lang === PSEUDO_LOCALE ? lang : DEFAULT_LOCALE;
}

/** Loads the catalogs every page needs in `locale` and makes it the language of what renders next. */
export async function startIn(locale: PageLocale): Promise<void> {
  await load(locale, [...catalogsAtStart(locale), ...[...inUse].flatMap((name) => featureCatalogs(name, locale))]);
  i18n.activate(locale);
}

/** Loads a feature's catalog (its folder's name under features/) in the page's language, before its screen shows. */
export async function loadFeatureCatalog(name: string): Promise<void> {
  inUse.add(name);
  const locale = (i18n.locale || DEFAULT_LOCALE) as PageLocale;
  await load(locale, featureCatalogs(name, locale));
}

/** Shows the page in another language at once: every catalog in use is loaded in it first. */
export async function switchTo(locale: PageLocale): Promise<void> {
  await load(locale, [...catalogsAtStart(locale), ...[...inUse].flatMap((name) => featureCatalogs(name, locale))]);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Every catalog in `locale`, for a test that renders a screen without the router that loads its catalog. */
export async function startInEveryCatalog(locale: PageLocale): Promise<void> {
  for (const file of Object.keys(catalogs)) inUse.add(file.split('/').pop()!.replace(/\.po$/, ''));
  for (const name of [...inUse]) if (name.startsWith('shared')) inUse.delete(name);
  await startIn(locale);
}
