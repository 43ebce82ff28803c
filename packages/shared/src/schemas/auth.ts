import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailField, newPasswordField, requiredText } from './fields.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const LICENSE_ID_MAX = 64;
/** Letters, digits and dashes: nothing that could forge a field of the identity QR ('ID:…,Email:…'). */
export const LICENSE_ID_PATTERN = /^[A-Za-z0-9-]+$/;

export const signInSchema = z.strictObject({
  licenseId: requiredText(messages.licenseIdRequired, LICENSE_ID_MAX),
  password: requiredText(messages.passwordRequired, 1024, { trim: false }),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A new password and its confirmation (sign-up and reset). */
export const passwordPair = {
  password: newPasswordField,
  confirmPassword: z.string({ error: messages.confirmationRequired }).min(1, { error: messages.confirmationRequired }),
};

export function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.confirmPassword !== '' && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsMustMatch });
  }
}

export const resetRequestSchema = z.strictObject({
  email: emailField(messages.resetEmailRequired, messages.resetInvalidEmail),
});
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z
  // unpairGlasses: after a reset the glasses are unpaired too unless the user says no (issue #20, D-040).
  .strictObject({ token: requiredText(messages.linkInvalid, 200), ...passwordPair, unpairGlasses: z.boolean().optional() })
  .superRefine(passwordsMatch);
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export const tokenSchema = z.strictObject({ token: requiredText(messages.linkInvalid, 200) });

/** What the server says of the signed-in user. */
export interface SessionUser {
  uid: string;
  username: string;
  email: string;
  phone: string;
  license_id: string;
  role: string;
  accessLevel: number;
  isVerified: boolean;
  isLoggedIn: boolean;
  createdAt: string;
  lastLoginTime: string | null;
  lastLoginDevice: string | null;
  QRCode: string | null;
  version: string;
}
