import { FEATURES } from '@seva/shared';
import { describe, expect, it } from 'vitest';
import { featureAvailability } from './feature-availability.ts';

const describeScene = FEATURES[0]!;
const navigate = FEATURES[1]!;
const links = new Map<string, string | null>([
  ['describe_scene', 'https://example.com/describe.apk'],
  ['navigate', null],
]);

describe('feature availability', () => {
  it('offers the download link of a feature that has one', () => {
    expect(featureAvailability(describeScene, links, false)).toEqual({ kind: 'download', url: 'https://example.com/describe.apk' });
  });

  it('says a feature without a link is not available', () => {
    expect(featureAvailability(navigate, links, false)).toEqual({ kind: 'unavailable' });
  });

  it('is loading until the list arrives, and unknown when it could not be loaded', () => {
    expect(featureAvailability(describeScene, undefined, false)).toEqual({ kind: 'loading' });
    expect(featureAvailability(describeScene, undefined, true)).toEqual({ kind: 'unknown' });
  });
});
