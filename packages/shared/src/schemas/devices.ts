import { z } from 'zod';
import { GLASSES_SCOPES, scopeWords, type GlassesScope } from '../glasses-scopes.ts';
import { messages } from '../messages.ts';
import { emergencyContactSchema } from './contacts.ts';
import { requiredText } from './fields.ts';

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

function isUserCode(normalized: string): boolean {
  return normalized.length === USER_CODE_LENGTH && [...normalized].every((c) => USER_CODE_ALPHABET.includes(c));
}

/** XXXX-XXXX, as the glasses say it and the screens show it. */
export function formatUserCode(normalized: string): string {
  return `${normalized.slice(0, 4)}-${normalized.slice(4)}`;
}

/** The body of POST /api/devices/pairing/{check,allow,deny}; `code` comes out normalised (8 symbols, no dash). */
export const pairingCodeSchema = z.strictObject({
  code: z
    .string({ error: deviceMessages.pairingCodeRequired })
    .max(64, { error: deviceMessages.pairingCodeMalformed })
    .transform(normalizeUserCode)
    .refine((code) => code.length > 0, { error: deviceMessages.pairingCodeRequired })
    .refine(isUserCode, { error: deviceMessages.pairingCodeMalformed }),
});
export type PairingCodeInput = z.input<typeof pairingCodeSchema>;

/** The body of POST /api/devices/pairing/allow: the code and the user's password (RFC 8628 §5.4: remote phishing). */
export const pairingAllowSchema = pairingCodeSchema.extend({
  password: requiredText(messages.passwordRequired, 1024, { trim: false }),
});
export type PairingAllowInput = z.input<typeof pairingAllowSchema>;

const glassesScopeSchema = z.enum(Object.keys(GLASSES_SCOPES) as [GlassesScope, ...GlassesScope[]]);

/** POST /api/devices/pairing/check: the glasses waiting for the code, what they asked for, and where the request came from. */
export const pendingPairingSchema = z
  .object({
    code: z.string(),
    deviceName: z.string(),
    scopes: z.array(glassesScopeSchema),
    /** The scopes in plain words, as /pair lists them. */
    grants: z.array(z.string()),
    requestedAt: z.string(),
    expiresAt: z.string(),
    /** The request's network (a /24 IPv4 or /48 IPv6 prefix) and whether it is the network the user is on now. */
    network: z.object({ from: z.string(), sameAsYours: z.boolean() }),
  })
  .meta({
    examples: [
      {
        code: 'WDJBMJHT',
        deviceName: 'Kitchen glasses',
        scopes: ['faces:read', 'events'],
        grants: scopeWords(['faces:read', 'events']),
        requestedAt: '2026-03-14T09:26:53.000Z',
        expiresAt: '2026-03-14T09:36:53.000Z',
        network: { from: '203.0.113.0/24', sameAsYours: true },
      },
    ],
  });
export type PendingPairing = z.infer<typeof pendingPairingSchema>;

const PAIRED_EXAMPLE = { id: '9b1c2d3e-4f50-4a6b-8c7d-0e1f2a3b4c5d', name: 'Kitchen glasses', pairedAt: '2026-03-14T09:27:10.000Z', lastSeenAt: null, scopes: ['faces:read', 'events'] };

/** One pair of glasses as GET /api/devices lists it; lastSeenAt is null until its first call with its token. */
export const pairedDeviceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    pairedAt: z.string(),
    lastSeenAt: z.string().nullable(),
    /** What the user allowed these glasses to do when they paired them. */
    scopes: z.array(glassesScopeSchema),
  })
  .meta({ examples: [PAIRED_EXAMPLE] });
export type PairedDevice = z.infer<typeof pairedDeviceSchema>;

/** GET /api/devices: the account's paired glasses. */
export const pairedDevicesAnswerSchema = z.object({ devices: z.array(pairedDeviceSchema) }).meta({ examples: [{ devices: [PAIRED_EXAMPLE] }] });
export type PairedDevicesAnswer = z.infer<typeof pairedDevicesAnswerSchema>;

/** POST /api/devices/pairing/allow: what to say, and the glasses now paired. */
export const pairingAllowedAnswerSchema = z
  .object({ message: z.string(), device: pairedDeviceSchema })
  .meta({ examples: [{ message: deviceMessages.paired, device: PAIRED_EXAMPLE }] });
export type PairingAllowedAnswer = z.infer<typeof pairingAllowedAnswerSchema>;

/** The body of PUT /device-api/installed-features; the server checks each dbKey and version. */
export const installedFeaturesSchema = z.strictObject({
  features: z
    .unknown()
    .refine((value) => typeof value === 'object' && value !== null && !Array.isArray(value), { error: deviceMessages.featuresMissing })
    .pipe(z.record(z.string(), z.string({ error: deviceMessages.versionNotText }))),
});

/** What the glasses receive from POST /oauth/device_authorization (RFC 8628 §3.2). */
export const deviceAuthorizationAnswerSchema = z
  .object({
    device_code: z.string(),
    user_code: z.string(),
    verification_uri: z.string(),
    verification_uri_complete: z.string(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  })
  .meta({
    examples: [
      {
        device_code: 'Hk3xQ0b1f7YtR2mN9sLw4cVdE8gJpZaU6oIqK5nB',
        user_code: 'WDJB-MJHT',
        verification_uri: 'https://seva.example/pair',
        verification_uri_complete: 'https://seva.example/pair?code=WDJB-MJHT',
        expires_in: 600,
        interval: 5,
      },
    ],
  });
export type DeviceAuthorizationAnswer = z.infer<typeof deviceAuthorizationAnswerSchema>;

/** What the glasses receive from POST /oauth/token once the code was allowed (RFC 6749 §5.1). */
export const tokenAnswerSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    /** What the token may do, space-separated. */
    scope: z.string(),
    /** The account the glasses joined, for the glasses to say aloud (whoever typed the code may not be their owner). */
    username: z.string(),
  })
  .meta({ examples: [{ access_token: 'sg_3q2+7w==', token_type: 'Bearer', scope: 'faces:read contacts:read features events', username: 'asha' }] });
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** What PUT /device-api/installed-features answers: the versions now recorded, by feature. */
export const installedFeaturesAnswerSchema = z
  .object({ features: z.record(z.string(), z.string()) })
  .meta({ examples: [{ features: { navigation: '1.4.0' } }] });
export type InstalledFeaturesAnswer = z.infer<typeof installedFeaturesAnswerSchema>;

/** The glasses' OAuth client (RFC 8628), and the grant type they poll /oauth/token with. */
export const GLASSES_CLIENT_ID = 'seva-glasses';
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The form of POST /oauth/device_authorization (read by the server as OAuth parameters, RFC 6749 §3.1). */
export const deviceAuthorizationRequestSchema = z.object({
  client_id: z.literal(GLASSES_CLIENT_ID),
  scope: z.string().optional().meta({ description: 'The scopes asked for, space-separated; all of them when absent.' }),
  device_name: z.string().max(DEVICE_NAME_MAX).optional().meta({ description: 'The name the wearer sees on /pair and /profile.' }),
});

/** The form of POST /oauth/token (RFC 8628 §3.4). */
export const tokenRequestSchema = z.object({ grant_type: z.literal(DEVICE_CODE_GRANT), device_code: z.string(), client_id: z.literal(GLASSES_CLIENT_ID) });

/** A face as the glasses keep it: its name and its 128-number description, never its image. */
export const syncedFaceSchema = z.object({ face_id: z.string(), name: z.string(), descriptor: z.array(z.number()), updated_at: z.string() });
export type SyncedFace = z.infer<typeof syncedFaceSchema>;

/** A feature's current version and download link, as the glasses read them. */
export const featureForGlassesSchema = z.object({ dbKey: z.string(), version: z.string(), download_url: z.string().nullable() });
export type FeatureForGlasses = z.infer<typeof featureForGlassesSchema>;

/** An emergency contact as the glasses keep it: as it is saved, without when. */
export const glassesContactSchema = emergencyContactSchema.omit({ timestamp: true });
export type GlassesContact = z.infer<typeof glassesContactSchema>;

/** What GET /device-api/sync answers: everything the glasses keep, or what changed since `since`. */
export const syncAnswerSchema = z
  .object({
    cursor: z.string(),
    /** The account's e-mail: the face backend's `email` form field. */
    email: z.string(),
    faces: z.array(syncedFaceSchema),
    deleted_face_ids: z.array(z.string()),
    emergency_contacts: z.array(glassesContactSchema),
    features: z.array(featureForGlassesSchema),
  })
  .meta({
    examples: [
      {
        cursor: 'v1.42.7',
        email: 'asha@example.com',
        faces: [{ face_id: '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c', name: 'Asha Patel', descriptor: [0.012, -0.094, 0.151], updated_at: '2026-03-14T09:26:53.000Z' }],
        deleted_face_ids: [],
        emergency_contacts: [{ name: 'Ravi Kumar', country_code: '+91', phone_number: '9876543210', is_primary: true }],
        features: [{ dbKey: 'navigation', version: '1.4.0', download_url: '/api/features/navigation/download' }],
      },
    ],
  });
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
