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
