import type { Feature } from '@seva/shared';
import { INSTALLED_FEATURES } from './installed-features.ts';

/** What a feature card offers (SPEC §2): installed, a link to scan, nothing yet, or the list is still loading. */
export type Availability =
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'installed' }
  | { kind: 'download'; url: string }
  | { kind: 'unavailable' };

/**
 * `links` is the loaded dbKey → download link map, or undefined while the list loads (`failed` once it could not).
 * An installed feature is 'Up to date' whatever its link.
 */
export function featureAvailability(feature: Feature, links: ReadonlyMap<string, string | null> | undefined, failed: boolean): Availability {
  if (INSTALLED_FEATURES.has(feature.dbKey)) return { kind: 'installed' };
  if (!links) return failed ? { kind: 'unknown' } : { kind: 'loading' };
  const url = links.get(feature.dbKey);
  return url ? { kind: 'download', url } : { kind: 'unavailable' };
}

export const NOT_AVAILABLE_YET = 'Not available yet';
export const FEATURE_DATA_UNAVAILABLE = 'Feature data could not be loaded.';

/** The user can do something with this feature now: install it or update it from its link. */
export const hasDownload = (availability: Availability): availability is { kind: 'download'; url: string } => availability.kind === 'download';

/**
 * A feature's state in a few words, as the carousel's dots name it with the feature ('Read For Me, install or update
 * available'); undefined while it is not known.
 */
export function availabilityName(availability: Availability): string | undefined {
  switch (availability.kind) {
    case 'installed':
      return 'up to date';
    case 'download':
      return 'install or update available';
    case 'unavailable':
      return 'not available yet';
    case 'unknown':
    case 'loading':
      return undefined;
  }
}
