/**
 * Pairing the glasses (OAuth 2.0 device grant, RFC 8628): the code the glasses speak and the user types on /pair,
 * and the words of /pair and of the 'Paired glasses' section of /profile.
 */

/** 27 symbols: no vowels (so no words by chance) and none that look alike: no 0/O, no 1/I/L. */
export const USER_CODE_ALPHABET = 'BCDFGHJKMNPQRSTVWXZ23456789';
export const USER_CODE_LENGTH = 8;
/** Glasses without a name (device_name) are called this: not a product name, so nobody can pass it off as official. */
export const DEFAULT_DEVICE_NAME = 'Unnamed glasses';
export const DEVICE_NAME_MAX = 60;

export const deviceMessages = {
  pairingCodeLabel: 'Pairing code',
  pairingCodeRequired: 'Please enter the pairing code the glasses say.',
  pairingCodeMalformed: `A pairing code has ${USER_CODE_LENGTH} letters and digits, like KXRT-7M4P. Please check the code the glasses say.`,
  pairingCodeUnknown: 'No glasses are waiting for this code. Please check the code, or ask the glasses for a new one.',
  pairingCodeExpired: 'This pairing code has expired. Please ask the glasses for a new one.',
  pairingCodeUsed: 'This pairing code has already been used. Please ask the glasses for a new one.',
  allow: 'Allow',
  deny: 'Deny',
  paired: 'Glasses paired',
  denied: 'Pairing refused. The glasses were not paired.',
  pairingMailFailed: 'The pairing e-mail could not be sent, so the glasses were not paired. Please try again.',
  pairedGlassesHeading: 'Paired glasses',
  noDevices: 'No glasses paired yet.',
  never: 'Never',
  unpair: 'Unpair',
  unpaired: (name: string) => `${name} unpaired. They can no longer reach your account.`,
  deviceNotFound: 'These glasses are not paired with your account.',
  requestedAgo: (minutes: number) => (minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`),
  minutesLeft: (minutes: number) => (minutes <= 1 ? 'less than 1 minute left' : `${minutes} minutes left`),
  differentNetwork: 'This request came from a different network than yours.',
  sameNetwork: 'This request came from the same network as yours.',
  codeFromLink:
    'This code came inside a link, not from your glasses. Allow only if your own glasses are saying this code right now: whoever sent the link could otherwise reach your account with their glasses.',
  passwordLabel: 'Your password',
  passwordHint: 'To allow these glasses, enter the password you sign in with.',
  // The glasses' API (RFC 6750): for firmware logs, not screens.
  tokenRequired: 'This call needs the access token of paired glasses: Authorization: Bearer <access_token>.',
  tokenInvalid: 'This access token is not valid: the glasses were unpaired or never paired. Pair them again.',
  tokenExpired: 'This access token has expired: it was not used for 180 days. Pair the glasses again.',
  insufficientScope: (scopes: string) => `These glasses were not allowed to do this when they were paired. Pair them again with scope: ${scopes}.`,
  notForGlasses: 'Glasses cannot make this call with their access token, whatever they were allowed.',
  unknownScope: (scope: string) => `Unknown scope ${scope}. Known scopes: faces:read faces:images faces:write contacts:read events features.`,
  cursorInvalid: 'This sync cursor is not valid for these glasses. Sync again without since to get everything.',
  cursorExpired: 'This sync cursor is older than the deletions kept (90 days). Sync again without since to get everything.',
  streamsClosing: 'This server is restarting. Connect again in a moment.',
  tooManyStreams: 'This account has too many event streams open. Close the streams of glasses no longer in use.',
  featuresMissing: 'Send the features the glasses run as { "features": { "<dbKey>": "<version>" } }.',
  versionNotText: 'Each version must be text, like "1.0".',
} as const;

/** What a user may type: upper or lower case, with spaces or a dash anywhere. */
export function normalizeUserCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

export function isUserCode(normalized: string): boolean {
  return normalized.length === USER_CODE_LENGTH && [...normalized].every((c) => USER_CODE_ALPHABET.includes(c));
}

/** XXXX-XXXX, as the glasses say it and the screens show it. */
export function formatUserCode(normalized: string): string {
  return `${normalized.slice(0, 4)}-${normalized.slice(4)}`;
}

/** The body of POST /api/devices/pairing/{check,allow,deny}; `code` comes out normalised (8 symbols, no dash). */
