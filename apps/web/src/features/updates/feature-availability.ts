import type { Feature, FeatureWithLink } from '@seva/shared';

/**
 * What a feature card offers (product §2): up to date on the user's glasses, a link to scan (with the older version the
 * glasses run, if they run one), nothing yet, or the list is still loading.
 */
export type Availability =
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'installed' }
  | { kind: 'download'; url: string; installedVersion?: string }
  | { kind: 'unavailable' };

/** What GET /api/features says of one feature: its link, and what the user's paired glasses run (issue #10). */
export type FeatureState = Pick<FeatureWithLink, 'downloadUrl' | 'installedVersion' | 'upToDate'>;

/**
 * `loaded` is the loaded dbKey → feature state map, or undefined while the list loads (`failed` once it could not).
 * A feature the user's glasses run at the current version (the server's `upToDate`) is 'Up to date' whatever its
 * link; an older version keeps its QR code.
 */
export function featureAvailability(feature: Feature, loaded: ReadonlyMap<string, FeatureState> | undefined, failed: boolean): Availability {
  if (!loaded) return failed ? { kind: 'unknown' } : { kind: 'loading' };
  const state = loaded.get(feature.dbKey);
  if (state?.upToDate) return { kind: 'installed' };
  if (!state?.downloadUrl) return { kind: 'unavailable' };
  return state.installedVersion ? { kind: 'download', url: state.downloadUrl, installedVersion: state.installedVersion } : { kind: 'download', url: state.downloadUrl };
}

export const NOT_AVAILABLE_YET = /*i18n*/ 'Not available yet';
export const FEATURE_DATA_UNAVAILABLE = /*i18n*/ 'Feature data could not be loaded.';

/** The user can do something with this feature now: install it or update it from its link. */
export const hasDownload = (availability: Availability): availability is { kind: 'download'; url: string } => availability.kind === 'download';

/**
 * A feature's state in a few words, as the carousel's dots name it with the feature ('Read For Me, install or update
 * available'); undefined while it is not known.
 */
export function availabilityName(availability: Availability): string | undefined {
  switch (availability.kind) {
    case 'installed':
      return /*i18n*/ 'up to date';
    case 'download':
      return /*i18n*/ 'install or update available';
    case 'unavailable':
      return /*i18n*/ 'not available yet';
    case 'unknown':
    case 'loading':
      return undefined;
  }
}
