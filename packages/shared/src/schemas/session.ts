import { z } from 'zod';
import { SESSION_USER_EXAMPLE, sessionUserSchema } from './auth.ts';
import { helperSessionInfoSchema } from './helpers.ts';

/**
 * Who a browser is signed in as: the answers of the session check, of a sign-in, of an accepted invitation and of a
 * helper's choice of wearer (issue #18, D-026). A helper's `user` is the wearer they act for, null until chosen.
 */

const WEARER = { id: SESSION_USER_EXAMPLE.uid, username: SESSION_USER_EXAMPLE.username };
const HELPER_EXAMPLE = {
  user: SESSION_USER_EXAMPLE,
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

/** A helper's browser signed in (helper sign-in, an accepted invitation, a chosen wearer). */
export const helperSignedInAnswerSchema = z
  .object({ user: sessionUserSchema.nullable(), helper: helperSessionInfoSchema })
  .meta({ examples: [HELPER_EXAMPLE, HELPER_CHOOSING_EXAMPLE] });
export type HelperSignedInAnswer = z.infer<typeof helperSignedInAnswerSchema>;

/** GET /api/auth/session: `{ user: null }` when nobody is signed in, `{ user }` for a wearer, `{ user, helper }` for a helper. */
export const sessionAnswerSchema = z
  .object({ user: sessionUserSchema.nullable(), helper: helperSessionInfoSchema.optional() })
  .meta({ examples: [{ user: null }, { user: SESSION_USER_EXAMPLE }, HELPER_EXAMPLE] });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
