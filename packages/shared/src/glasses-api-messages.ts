import { fill } from './localise.ts';

/**
 * What the glasses' API answers (RFC 6750): for firmware logs, not screens. In a catalog of its own beside the server's
 * (D-058), so the web's pages do not carry them.
 */
export const glassesApiMessages = {
  tokenRequired: /*i18n*/ 'This call needs the access token of paired glasses: Authorization: Bearer <access_token>.',
  tokenInvalid: /*i18n*/ 'This access token is not valid: the glasses were unpaired or never paired. Pair them again.',
  tokenExpired: /*i18n*/ 'This access token has expired: it was not used for 180 days. Pair the glasses again.',
  insufficientScope: (scopes: string) => fill(/*i18n*/ 'These glasses were not allowed to do this when they were paired. Pair them again with scope: {scopes}.', { scopes }),
  notForGlasses: /*i18n*/ 'Glasses cannot make this call with their access token, whatever they were allowed.',
  unknownScope: (scope: string) => fill(/*i18n*/ 'Unknown scope {scope}. Known scopes: faces:read faces:images faces:write contacts:read events features.', { scope }),
  cursorInvalid: /*i18n*/ 'This sync cursor is not valid for these glasses. Sync again without since to get everything.',
  cursorExpired: /*i18n*/ 'This sync cursor is older than the deletions kept (90 days). Sync again without since to get everything.',
  streamsClosing: /*i18n*/ 'This server is restarting. Connect again in a moment.',
  tooManyStreams: /*i18n*/ 'This account has too many event streams open. Close the streams of glasses no longer in use.',
  featuresMissing: /*i18n*/ 'Send the features the glasses run as { "features": { "<dbKey>": "<version>" } }.',
  versionNotText: /*i18n*/ 'Each version must be text, like "1.0".',
} as const;
