import { DEFAULT_LOCALE } from '@seva/shared';

/**
 * The catalogs every page loads at start in `locale`, whatever its screen (catalogs.ts); a screen adds its feature's.
 * In English the shared rules need none: their English is what they say (localise).
 */
export function catalogsAtStart(locale: string): string[] {
  return locale === DEFAULT_LOCALE ? ['web'] : ['shared', 'web'];
}

/** The features a signed-out visitor sees, which show none of the glasses', features' and user data's messages. */
const SIGNED_OUT_FEATURES = new Set(['auth', 'helpers']);

/** The shared catalogs a feature's screens show beside `shared`: pairing only the glasses'; every other signed-in one the user's data's too. */
const SHARED_CATALOGS_OF: Record<string, string[]> = { pairing: ['shared-glasses'] };
const SIGNED_IN_SHARED_CATALOGS = ['shared-glasses', 'shared-data'];

/** The catalogs a feature's screens load in `locale`: its own, and the shared messages of the glasses and the user's data it shows. */
export function featureCatalogs(feature: string, locale: string): string[] {
  if (locale === DEFAULT_LOCALE || SIGNED_OUT_FEATURES.has(feature)) return [feature];
  return [feature, ...(SHARED_CATALOGS_OF[feature] ?? SIGNED_IN_SHARED_CATALOGS)];
}
