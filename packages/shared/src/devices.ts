import { fill } from './localise.ts';
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
  pairingCodeLabel: /*i18n*/ 'Pairing code',
  pairingCodeRequired: /*i18n*/ 'Please enter the pairing code the glasses say.',
  pairingCodeMalformed: fill(/*i18n*/ 'A pairing code has {n} letters and digits, like KXRT-7M4P. Please check the code the glasses say.', { n: USER_CODE_LENGTH }),
  pairingCodeUnknown: /*i18n*/ 'No glasses are waiting for this code. Please check the code, or ask the glasses for a new one.',
  pairingCodeExpired: /*i18n*/ 'This pairing code has expired. Please ask the glasses for a new one.',
  pairingCodeUsed: /*i18n*/ 'This pairing code has already been used. Please ask the glasses for a new one.',
  allow: /*i18n*/ 'Allow',
  deny: /*i18n*/ 'Deny',
  paired: /*i18n*/ 'Glasses paired',
  denied: /*i18n*/ 'Pairing refused. The glasses were not paired.',
  pairingMailFailed: /*i18n*/ 'The pairing e-mail could not be sent, so the glasses were not paired. Please try again.',
  pairedGlassesHeading: /*i18n*/ 'Paired glasses',
  noDevices: /*i18n*/ 'No glasses paired yet.',
  never: /*i18n*/ 'Never',
  unpair: /*i18n*/ 'Unpair',
  unpaired: (name: string) => fill(/*i18n*/ '{name} unpaired. They can no longer reach your account.', { name }),
  deviceNotFound: /*i18n*/ 'These glasses are not paired with your account.',
  requestedAgo: (minutes: number) =>
    minutes < 1 ? /*i18n*/ 'less than a minute ago' : minutes === 1 ? /*i18n*/ '1 minute ago' : fill(/*i18n*/ '{minutes} minutes ago', { minutes }),
  minutesLeft: (minutes: number) => (minutes <= 1 ? /*i18n*/ 'less than 1 minute left' : fill(/*i18n*/ '{minutes} minutes left', { minutes })),
  differentNetwork: /*i18n*/ 'A different network from yours.',
  sameNetwork: /*i18n*/ 'Same network as you.',
  /** The request's address range, behind 'Details' under the words above. */
  networkRange: (range: string) => fill(/*i18n*/ 'The request came from the address range {range}.', { range }),
  codeFromLink:
    /*i18n*/ 'This code came inside a link, not from your glasses. Allow only if your own glasses are saying this code right now: whoever sent the link could otherwise reach your account with their glasses.',
  passwordLabel: /*i18n*/ 'Your password',
  passwordHint: /*i18n*/ 'To allow these glasses, enter the password you sign in with.',
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

/**
 * The account glasses join, as the glasses say it and /pair shows it: 'Asha, a••••@example.com'. Usernames are not
 * unique, so the username alone could name someone else's account; the e-mail's first character and domain tell the
 * owner it is theirs without reading the address out to the room (issue #34).
 */
export function accountLabel(username: string, email: string): string {
  return `${username}, ${maskedEmail(email)}`;
}

/** 'asha.k@example.com' → 'a••••@example.com': the first character, a fixed mask whatever the length, the domain. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const first = [...email.slice(0, Math.max(at, 0))][0] ?? '';
  return `${first}••••${at < 0 ? '' : email.slice(at)}`;
}
