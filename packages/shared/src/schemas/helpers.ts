import { z } from 'zod';
import { helperMessages, HELPER_NAME_MAX } from '../helpers.ts';
import { messages } from '../messages.ts';
import { passwordPair, passwordsMatch } from './auth.ts';
import { emailField, newPasswordField, refusingHiddenCharacters, requiredText } from './fields.ts';

/** A helper's name: the face-name rule (trimmed, no hidden characters), 1 to 50 characters. */
export function helperNameField(requiredMessage: string) {
  return refusingHiddenCharacters(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, { error: requiredMessage })
      .max(HELPER_NAME_MAX, { error: helperMessages.nameTooLong }),
  );
}

const passwordText = requiredText(messages.passwordRequired, 1024, { trim: false });
const invitationToken = requiredText(helperMessages.invitationInvalid, 200);

/** POST /api/helpers: the wearer's invitation dialog. */
export const inviteHelperSchema = z.strictObject({
  name: helperNameField(helperMessages.nameRequired),
  email: emailField(messages.emailRequired, messages.invalidEmail),
});
export type InviteHelperInput = z.infer<typeof inviteHelperSchema>;

/** POST /api/helper-invitations/inspect and /decline. */
export const invitationTokenSchema = z.strictObject({ token: invitationToken });

/** The accept form without a helper account for the address: 'Your name', 'Password', 'Confirm password'. */
export const newHelperAccountFormSchema = z
  .strictObject({ name: helperNameField(helperMessages.yourNameRequired), ...passwordPair })
  .superRefine(passwordsMatch);
/** The accept form with a helper account for the address: 'Password'. */
export const existingHelperAccountFormSchema = z.strictObject({ password: passwordText });

/** POST /api/helper-invitations/accept, new helper account: the form plus the link's token. */
export const acceptAsNewHelperSchema = z
  .strictObject({ token: invitationToken, name: helperNameField(helperMessages.yourNameRequired), ...passwordPair })
  .superRefine(passwordsMatch);
/** POST /api/helper-invitations/accept, existing helper account. */
export const acceptAsExistingHelperSchema = z.strictObject({ token: invitationToken, password: passwordText });
/** The accept body as it arrives, before the server knows whether the address has an account. */
export const acceptInvitationSchema = z.strictObject({
  token: invitationToken,
  name: z.string().max(1000).optional(),
  password: z.string({ error: messages.passwordRequired }).max(1024),
  confirmPassword: z.string().max(1024).optional(),
});

/** POST /api/auth/helper/sign-in. */
export const helperSignInSchema = z.strictObject({
  email: emailField(messages.emailRequired, messages.invalidEmail),
  password: passwordText,
});
export type HelperSignInInput = z.infer<typeof helperSignInSchema>;

/** POST /api/helper/acting-for. */
export const actingForSchema = z.strictObject({ wearerId: requiredText(helperMessages.notYourWearer, 100) });

/** PUT /api/helper/password. */
export const changeHelperPasswordSchema = z
  .strictObject({
    currentPassword: passwordText,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmationRequired }).min(1, { error: messages.confirmationRequired }),
  })
  .superRefine((value, ctx) => passwordsMatch({ password: value.newPassword, confirmPassword: value.confirmPassword }, ctx));
export type ChangeHelperPasswordInput = z.infer<typeof changeHelperPasswordSchema>;

/**
 * The rest reuse the wearer's rules: POST /api/auth/helper/forgot-password takes `resetRequestSchema`,
 * /reset-password `newPasswordSchema`, DELETE /api/helper/account `deleteAccountSchema` ({ password }).
 */

const HELPER_EXAMPLE = {
  id: '7e3f1a2b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'Sam Okafor',
  email: 'sam.okafor@example.org',
  status: 'active' as const,
  invitedAt: '2026-03-10T18:02:00.000Z',
  acceptedAt: '2026-03-11T08:45:00.000Z',
};
const INVITED_EXAMPLE = { ...HELPER_EXAMPLE, id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Robin Hale', email: 'robin.hale@example.org', status: 'invited' as const, acceptedAt: null };

/** One helper (or open invitation) as GET /api/helpers lists it to the wearer. */
export const helperSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(['invited', 'active']),
    invitedAt: z.string(),
    acceptedAt: z.string().nullable(),
  })
  .meta({ examples: [HELPER_EXAMPLE] });
export type HelperSummary = z.infer<typeof helperSummarySchema>;

/** GET /api/helpers: the wearer's helpers and open invitations. */
export const helpersAnswerSchema = z.object({ helpers: z.array(helperSummarySchema) }).meta({ examples: [{ helpers: [HELPER_EXAMPLE, INVITED_EXAMPLE] }] });
export type HelpersAnswer = z.infer<typeof helpersAnswerSchema>;

/** POST /api/helpers (201): the invitation sent, listed as invited. */
export const invitedHelperAnswerSchema = z.object({ helper: helperSummarySchema }).meta({ examples: [{ helper: INVITED_EXAMPLE }] });
export type InvitedHelperAnswer = z.infer<typeof invitedHelperAnswerSchema>;

const wearerRefSchema = z.object({ id: z.string(), username: z.string() });
export type WearerRef = z.infer<typeof wearerRefSchema>;

/** The `helper` part of GET /api/auth/session for a helper's browser. */
export const helperSessionInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The wearer the helper acts for now; null until chosen (several wearers) or when none is left. */
  actingFor: wearerRefSchema.nullable(),
  wearers: z.array(wearerRefSchema),
  /** Set when the wearer the helper was acting for has removed them since (the next page says so). */
  ended: z.object({ username: z.string() }).optional(),
});
export type HelperSessionInfo = z.infer<typeof helperSessionInfoSchema>;

/** POST /api/helper-invitations/inspect: whom the invitation is from and for, and whether the address has a helper account. */
export const invitationSummarySchema = z
  .object({
    wearer: z.object({ username: z.string() }),
    helperName: z.string(),
    email: z.string(),
    hasAccount: z.boolean(),
  })
  .meta({ examples: [{ wearer: { username: 'Jordan Lee' }, helperName: 'Robin Hale', email: 'robin.hale@example.org', hasAccount: false }] });
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;
