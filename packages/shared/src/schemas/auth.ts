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

/** The account the answers' examples show (no real person's data). */
export const SESSION_USER_EXAMPLE = {
  uid: '5d0c7a52-8f3e-4b1a-9c6d-2e7f8a9b0c1d',
  username: 'Jordan Lee',
  email: 'jordan.lee@example.org',
  phone: '+447700900123',
  license_id: 'SEVA-4821-KX',
  role: 'user',
  accessLevel: 1,
  isVerified: true,
  isLoggedIn: true,
  createdAt: '2026-03-01T10:15:00.000Z',
  lastLoginTime: '2026-03-14T09:20:00.000Z',
  lastLoginDevice: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  QRCode: null,
  version: '1.0',
};

/** What the server says of the signed-in user. */
export const sessionUserSchema = z
  .object({
    uid: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    license_id: z.string(),
    role: z.string(),
    accessLevel: z.number(),
    isVerified: z.boolean(),
    isLoggedIn: z.boolean(),
    createdAt: z.string(),
    lastLoginTime: z.string().nullable(),
    /** The browser's user agent at the last sign-in. */
    lastLoginDevice: z.string().nullable(),
    /** The identity QR code as a data URL; null in the session check, which every screen makes (a few KB saved). */
    QRCode: z.string().nullable(),
    version: z.string(),
  })
  .meta({ examples: [SESSION_USER_EXAMPLE] });
export type SessionUser = z.infer<typeof sessionUserSchema>;
