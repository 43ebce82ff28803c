import { FEATURES } from '@seva/shared';
import { describe, expect, it } from 'vitest';
import { featureAvailability, type FeatureState } from './feature-availability.ts';

const describeScene = FEATURES[0]!;
const navigate = FEATURES[1]!;
const readForMe = FEATURES[4]!;
const magnify = FEATURES[7]!;
const notOnGlasses = { installedVersion: null, upToDate: false };
const loaded = new Map<string, FeatureState>([
  ['describe_scene', { downloadUrl: 'https://example.com/describe.apk', ...notOnGlasses }],
  ['navigate', { downloadUrl: null, ...notOnGlasses }],
  // The server's answer once paired glasses report read_for_me 1.0 and magnify 0.9 (issue #10).
  ['read_for_me', { downloadUrl: 'https://example.com/read.apk', installedVersion: '1.0', upToDate: true }],
  ['magnify', { downloadUrl: 'https://example.com/magnify.apk', installedVersion: '0.9', upToDate: false }],
]);

describe('feature availability', () => {
  it('offers the download link of a feature that has one', () => {
    expect(featureAvailability(describeScene, loaded, false)).toEqual({ kind: 'download', url: 'https://example.com/describe.apk' });
  });

  it('says a feature without a link is not available', () => {
    expect(featureAvailability(navigate, loaded, false)).toEqual({ kind: 'unavailable' });
  });

  it("says 'Up to date' instead of the link for a feature the glasses run at the current version", () => {
    expect(featureAvailability(readForMe, loaded, false)).toEqual({ kind: 'installed' });
  });

  it('keeps the link of a feature the glasses run at an older version, and says which one they run', () => {
    expect(featureAvailability(magnify, loaded, false)).toEqual({ kind: 'download', url: 'https://example.com/magnify.apk', installedVersion: '0.9' });
  });

  it('is loading until the list arrives, and unknown when it could not be loaded', () => {
    expect(featureAvailability(describeScene, undefined, false)).toEqual({ kind: 'loading' });
    expect(featureAvailability(describeScene, undefined, true)).toEqual({ kind: 'unknown' });
  });
});
