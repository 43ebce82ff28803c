import { z } from 'zod';
import { messages } from '../messages.ts';
import { passwordsMatch } from './auth.ts';
import { newPasswordField, requiredText } from './fields.ts';

/** POST /api/account/delete: the password confirms that the owner, not someone at an open browser, deletes it. */
export const deleteAccountSchema = z.strictObject({
  password: requiredText(messages.passwordRequired, 1024, { trim: false }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * POST /api/account/export: the browser's time zone (an IANA name, e.g. 'Europe/London'), in which the download's
 * index.html writes times; without it, or with one the server does not know, they are in UTC and the page says so.
 */
export const exportRequestSchema = z.strictObject({
  timeZone: z.string().max(64).optional(),
});

/**
 * POST /api/account/password: 'Change password' on /profile. The current password confirms it; by default every other
 * browser is signed out, and the glasses stay paired unless the user asks (D-040).
 */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: requiredText(messages.passwordRequired, 1024, { trim: false }),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmationRequired }).min(1, { error: messages.confirmationRequired }),
    signOutOthers: z.boolean().default(true),
    unpairGlasses: z.boolean().default(false),
  })
  .superRefine((value, ctx) => passwordsMatch({ password: value.newPassword, confirmPassword: value.confirmPassword }, ctx));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /api/auth/restore-account: the link of the deletion e-mail. */
export const restoreAccountSchema = z.strictObject({ token: requiredText(messages.linkInvalid, 200) });
