import { fill } from './localise.ts';
/** product §3: one glasses feature; its download link comes from the server. */
export interface Feature {
  id: number;
  name: string;
  dbKey: FeatureDbKey;
  description: string;
  /** Card colour; white text on it has at least 7:1 contrast. */
  colour: string;
}

export const FEATURE_DB_KEYS = [
  'describe_scene',
  'navigate',
  'find_object',
  'recognise_face',
  'read_for_me',
  'talk_to_me',
  'play_music',
  'magnify',
] as const;
export type FeatureDbKey = (typeof FEATURE_DB_KEYS)[number];

/** product §3: the eight features, in carousel order. */
export const FEATURES: readonly Feature[] = [
  { id: 1, name: /*i18n*/ 'Describe Scene', dbKey: 'describe_scene', description: /*i18n*/ 'AI-powered scene description', colour: '#1a4d8f' },
  { id: 2, name: /*i18n*/ 'Navigate', dbKey: 'navigate', description: /*i18n*/ 'Indoor navigation with obstacle detection', colour: '#0b5d3b' },
  { id: 3, name: /*i18n*/ 'Find Object', dbKey: 'find_object', description: /*i18n*/ 'Locate objects in your environment', colour: '#8a3b00' },
  { id: 4, name: /*i18n*/ 'Recognise Face', dbKey: 'recognise_face', description: /*i18n*/ 'Identify trained faces in real-time', colour: '#6b2c91' },
  { id: 5, name: /*i18n*/ 'Read For Me', dbKey: 'read_for_me', description: /*i18n*/ 'Text recognition and reading', colour: '#9b1c31' },
  { id: 6, name: /*i18n*/ 'Talk To Me', dbKey: 'talk_to_me', description: /*i18n*/ 'Voice-based communication assistant', colour: '#005a66' },
  { id: 7, name: /*i18n*/ 'Play Music', dbKey: 'play_music', description: /*i18n*/ 'Audio entertainment with voice controls', colour: '#5c4b00' },
  { id: 8, name: /*i18n*/ 'Magnify', dbKey: 'magnify', description: /*i18n*/ 'Digital magnifier with contrast', colour: '#37474f' },
];

/** A level-H QR of 320 px stays easy to scan with links up to this length. */
const DOWNLOAD_LINK_MAX = 500;

/**
 * Why a download link may not be stored and shown to every user as a QR code, or undefined when it may: the glasses
 * fetch it after the scan, so it must be an absolute https:// URL, with no user name or password in it (every user
 * would read them), and short enough for the QR. The operator CLI and the server check with this one rule.
 */
export function downloadLinkIssue(url: string): string | undefined {
  if (url.length > DOWNLOAD_LINK_MAX) {
    return fill(/*i18n*/ 'The download link is {length} characters long; at most {max} fit a QR code that scans easily.', { length: url.length, max: DOWNLOAD_LINK_MAX });
  }
  let parsed: URL | undefined;
  try {
    parsed = /[\s\p{Cc}]/u.test(url) ? undefined : new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.protocol !== 'https:' || !parsed.hostname) return fill(/*i18n*/ 'Not a valid download link: {url}. Use an https:// URL.', { url });
  if (parsed.username || parsed.password) return /*i18n*/ 'A download link must not hold a user name or password: every user can read it. Use an https:// URL without them.';
  return undefined;
}

export function isFeatureDbKey(value: string): value is FeatureDbKey {
  return (FEATURE_DB_KEYS as readonly string[]).includes(value);
}

export function featureByDbKey(dbKey: string): Feature | undefined {
  return FEATURES.find((f) => f.dbKey === dbKey);
}

/** product §2 (updates) and §8. */
export const featureMessages = {
  upToDate: /*i18n*/ 'Up to date',
  scanToInstall: /*i18n*/ 'Scan to install/update',
  loading: /*i18n*/ 'Loading feature data...',
  qrError: /*i18n*/ 'Error generating QR code',
} as const;
