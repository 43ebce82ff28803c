import { DEFAULT_LOCALE } from '@seva/shared';

/**
 * The catalogs every page loads at start in `locale`, whatever its screen (catalogs.ts); a screen adds its feature's.
 * In English the shared rules need none: their English is what they say (localise).
 */
export function catalogsAtStart(locale: string): string[] {
  return locale === DEFAULT_LOCALE ? ['web'] : ['shared', 'web'];
}
