import { DEFAULT_LOCALE, PSEUDO_LOCALE } from '@seva/shared';

/**
 * The catalogs every page loads at start in `locale`, whatever its screen (catalogs.ts); a screen adds its feature's.
 * In English the shared rules need none: their English is what they say (localise).
 */
export function catalogsAtStart(locale: string): string[] {
  return locale === DEFAULT_LOCALE ? ['web'] : ['shared', 'web'];
}

/**
 * The shared catalogs a feature's screens show beside `shared` (lingui.config.ts): the signed-out screens the
 * account's (reset, restore) and the helpers' own; /pair the glasses' alone; every other screen all of them (D-059).
 */
const SHARED_CATALOGS_OF: Record<string, string[]> = {
  auth: ['shared-account'],
  helpers: ['shared-account', 'shared-helpers'],
  pairing: ['shared-glasses'],
};
const EVERY_SHARED_CATALOG = ['shared-glasses', 'shared-data', 'shared-account', 'shared-helpers'];

/** The catalogs a feature's screens load in `locale`: its own, and the shared messages it shows. */
export function featureCatalogs(feature: string, locale: string): string[] {
  if (locale === DEFAULT_LOCALE) return [feature];
  return [feature, ...(SHARED_CATALOGS_OF[feature] ?? EVERY_SHARED_CATALOG)];
}

/**
 * The catalogs a screen's page loads at start in `locale`, as the build's manifest names them: every page's, and its
 * feature's. `module`: the screen's code, 'features/faces/faces-page.tsx'. The pseudo-language's are English's.
 */
export function pageCatalogFiles(module: string, locale: string): string[] {
  const feature = module.split('/').at(-2)!;
  const folder = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  return [...catalogsAtStart(locale), ...featureCatalogs(feature, locale)].map((name) => `../../locales/${folder}/${name}.po`);
}
