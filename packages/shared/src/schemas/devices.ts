import { z } from 'zod';
import { GLASSES_SCOPES, scopeWords, type GlassesScope } from '../glasses-scopes.ts';
import { messages } from '../messages.ts';
import { emergencyContactSchema } from './contacts.ts';
import { requiredText } from './fields.ts';
import { DEVICE_NAME_MAX, deviceMessages, isUserCode, normalizeUserCode } from '../devices.ts';
import { glassesApiMessages } from '../glasses-api-messages.ts';

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
    /** The account the glasses will join, as they will say it once paired (`accountLabel`). */
    account: z.string(),
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
        account: 'Asha, a••••@example.com',
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
    .refine((value) => typeof value === 'object' && value !== null && !Array.isArray(value), { error: glassesApiMessages.featuresMissing })
    .pipe(z.record(z.string(), z.string({ error: glassesApiMessages.versionNotText }))),
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
    /** The username of the account the glasses joined. */
    username: z.string(),
    /**
     * The account the glasses joined, for them to say aloud (whoever typed the code may not be their owner): its
     * username and masked e-mail, 'Asha, a••••@example.com', since usernames are not unique.
     */
    account: z.string(),
  })
  .meta({ examples: [{ access_token: 'sg_3q2+7w==', token_type: 'Bearer', scope: 'faces:read contacts:read features events', username: 'Asha', account: 'Asha, a••••@example.com' }] });
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

/**
 * A person as the glasses keep them: their name and the description of each photo, never an image (issue #32). A
 * person whose photos change comes again whole, so the glasses replace what they held of them.
 */
export const syncedFaceSchema = z.object({
  face_id: z.string(),
  name: z.string(),
  updated_at: z.string(),
  photos: z.array(
    z.object({
      photo_id: z.string(),
      descriptor: z.string().meta({
        description:
          'The 128-number description, compact (D-063): base64 of 132 bytes, a little-endian float32 `scale` then 128 signed bytes `q`; component i is q[i] × scale / 127. Compare it with descriptions of the same `model_version` only.',
      }),
    }),
  ),
});
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
    /** The recognition model the descriptions come from (the face backend's `model_version`). */
    model_version: z.string(),
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
        model_version: 'face-api-1.7-resnet34-mirrored-1',
        faces: [
          {
            face_id: '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c',
            name: 'Asha Patel',
            updated_at: '2026-03-14T09:26:53.000Z',
            photos: [{ photo_id: '9a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6', descriptor: 'AAAAPgX6ERsD…' }],
          },
        ],
        deleted_face_ids: [],
        emergency_contacts: [{ name: 'Ravi Kumar', country_code: '+91', phone_number: '9876543210', is_primary: true }],
        features: [{ dbKey: 'navigation', version: '1.4.0', download_url: '/api/features/navigation/download' }],
      },
    ],
  });
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
