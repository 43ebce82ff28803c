import { z } from 'zod';
import { SESSION_USER_EXAMPLE, sessionUserSchema } from './auth.ts';
import { helperSessionInfoSchema } from './helpers.ts';

/**
 * Who a browser is signed in as: the answers of the session check, of a sign-in, of an accepted invitation and of a
 * helper's choice of wearer (issue #18, D-026). A helper's `user` is the wearer they act for, null until chosen.
 */

const WEARER = { id: SESSION_USER_EXAMPLE.uid, username: SESSION_USER_EXAMPLE.username };

/**
 * The wearer a helper acts for, as the helper may see them (issue #34, D-075): their name, the address the face calls
 * name, and the calling code of their phone, where a blank emergency contact starts. Never their license ID, phone,
 * QR code or sign-ins, which /api/profile refuses a helper.
 */
export const helpedWearerSchema = z
  .object({
    uid: z.string(),
    username: z.string(),
    email: z.string(),
    /** '+44': the calling code of the wearer's phone; null when it names no country the portal knows. */
    countryCode: z.string().nullable().meta({ description: "The calling code of the wearer's phone ('+44'), where a blank emergency contact starts." }),
  })
  .meta({ description: 'The wearer the helper acts for, as a helper may see them: never their license ID, phone or sign-ins.' });
export type HelpedWearer = z.infer<typeof helpedWearerSchema>;

const HELPED_WEARER_EXAMPLE: HelpedWearer = { uid: SESSION_USER_EXAMPLE.uid, username: SESSION_USER_EXAMPLE.username, email: SESSION_USER_EXAMPLE.email, countryCode: '+44' };
const HELPER_EXAMPLE = {
  user: HELPED_WEARER_EXAMPLE,
  helper: { id: '7e3f1a2b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Sam Okafor', email: 'sam.okafor@example.org', actingFor: WEARER, wearers: [WEARER] },
};
const HELPER_CHOOSING_EXAMPLE = {
  user: null,
  helper: { ...HELPER_EXAMPLE.helper, actingFor: null, wearers: [WEARER, { id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0', username: 'Alex Moreno' }] },
};

/** POST /api/auth/sign-in: the wearer now signed in, with their identity QR code. */
export const signInAnswerSchema = z
  .object({ user: sessionUserSchema })
  .meta({ examples: [{ user: { ...SESSION_USER_EXAMPLE, QRCode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==' } }] });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/**
 * A helper's browser signed in (the session check, helper sign-in, an accepted invitation, a chosen wearer): `user` is
 * the wearer they act for, as a helper may see them, null until chosen.
 */
export const helperSignedInAnswerSchema = z
  .object({ user: helpedWearerSchema.nullable(), helper: helperSessionInfoSchema })
  .meta({ description: "A helper's browser: `user` is the wearer they act for, as a helper may see them.", examples: [HELPER_EXAMPLE, HELPER_CHOOSING_EXAMPLE] });
export type HelperSignedInAnswer = z.infer<typeof helperSignedInAnswerSchema>;

/** A wearer's browser (`user`, their whole record), or one nobody is signed in on (`user: null`); never a `helper`. */
const wearerSessionAnswerSchema = z
  .strictObject({ user: sessionUserSchema.nullable() })
  .meta({ description: "A wearer's browser, or `user: null` when nobody is signed in.", examples: [{ user: null }, { user: SESSION_USER_EXAMPLE }] });

/**
 * GET /api/auth/session: exactly one of two answers (D-075), told apart by `helper`. A wearer's (or nobody's), and a
 * helper's, whose `user` holds only what a helper may see.
 */
export const sessionAnswerSchema = z
  .xor([wearerSessionAnswerSchema, helperSignedInAnswerSchema])
  .meta({ examples: [{ user: null }, { user: SESSION_USER_EXAMPLE }, HELPER_EXAMPLE] });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
