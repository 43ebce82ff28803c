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

/** A signed-in user as the answers' examples show one (no real person). */
export const SESSION_USER_EXAMPLE = {
  uid: '5b0f2a7c-1d3e-4f6a-8b9c-0d1e2f3a4b5c',
  username: 'asha',
  email: 'asha@example.org',
  phone: '+919876543210',
  license_id: 'SEVA-2026-0042',
  role: 'user',
  accessLevel: 1,
  isVerified: true,
  isLoggedIn: true,
  createdAt: '2026-03-01T08:15:00.000Z',
  lastLoginTime: '2026-03-14T09:20:11.000Z',
  lastLoginDevice: 'Firefox on Linux',
  QRCode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  version: '1.0',
};

/** What the server says of the signed-in user (product §3's field names, no secrets). */
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
    lastLoginDevice: z.string().nullable(),
    /** The identity QR as a PNG data URL; null where the answer leaves it out (the session check). */
    QRCode: z.string().nullable(),
    version: z.string(),
  })
  .meta({ examples: [SESSION_USER_EXAMPLE] });
export type SessionUser = z.infer<typeof sessionUserSchema>;
