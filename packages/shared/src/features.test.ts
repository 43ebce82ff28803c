import { describe, expect, it } from 'vitest';
import { downloadLinkIssue, FEATURE_DB_KEYS, FEATURES, featureByDbKey, isFeatureDbKey } from './features.ts';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

describe('the eight features (product §3)', () => {
  it('names each with its dbKey and description', () => {
    expect(FEATURES.map((f) => [f.name, f.dbKey, f.description])).toEqual([
      ['Describe Scene', 'describe_scene', 'AI-powered scene description'],
      ['Navigate', 'navigate', 'Indoor navigation with obstacle detection'],
      ['Find Object', 'find_object', 'Locate objects in your environment'],
      ['Recognise Face', 'recognise_face', 'Identify trained faces in real-time'],
      ['Read For Me', 'read_for_me', 'Text recognition and reading'],
      ['Talk To Me', 'talk_to_me', 'Voice-based communication assistant'],
      ['Play Music', 'play_music', 'Audio entertainment with voice controls'],
      ['Magnify', 'magnify', 'Digital magnifier with contrast'],
    ]);
    expect(FEATURES.map((f) => f.dbKey)).toEqual([...FEATURE_DB_KEYS]);
  });

  it('gives each a distinct id and a distinct colour that white text reads on at 7:1 or more', () => {
    expect(new Set(FEATURES.map((f) => f.id)).size).toBe(8);
    expect(new Set(FEATURES.map((f) => f.colour)).size).toBe(8);
    for (const f of FEATURES) {
      expect(f.colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(1.05 / (luminance(f.colour) + 0.05), f.name).toBeGreaterThanOrEqual(7);
    }
  });

  it('finds a feature by dbKey', () => {
    expect(featureByDbKey('magnify')?.name).toBe('Magnify');
    expect(featureByDbKey('fly')).toBeUndefined();
    expect(isFeatureDbKey('read_for_me')).toBe(true);
    expect(isFeatureDbKey('Read For Me')).toBe(false);
  });
});

describe('download links shown to every user as a QR code', () => {
  it.each(['https://downloads.example.com/magnify-1.0.apk', 'https://10.0.0.5:8443/navigate.apk?v=1.0'])('accept %s', (url) => {
    expect(downloadLinkIssue(url)).toBeUndefined();
  });

  it.each(['http://downloads.example.com/magnify.apk', 'ftp://example.com/x.apk', 'javascript:alert(1)', 'example.com/x.apk', 'https://exa mple.com/x', '', 'https://example.com/\u0000'])(
    'refuse %j: https only',
    (url) => {
      expect(downloadLinkIssue(url)).toBe(`Not a valid download link: ${url}. Use an https:// URL.`);
    },
  );

  it.each(['https://admin:hunter2@example.com/x.apk', 'https://token@example.com/x.apk', 'https://:secret@example.com/x.apk'])('refuse %s: no user name or password', (url) => {
    expect(downloadLinkIssue(url)).toMatch(/^A download link must not hold a user name or password/);
  });

  it('refuses a link too long for a QR code that scans easily', () => {
    expect(downloadLinkIssue(`https://example.com/${'a'.repeat(481)}`)).toBe('The download link is 501 characters long; at most 500 fit a QR code that scans easily.');
  });
});
