import { DEFAULT_LOCALE } from '@seva/shared';

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
