import { z } from 'zod';
import { allowedLengths, countryByCode, isKnownCountryCode, UNKNOWN_COUNTRY_MAX_LENGTH } from '../countries.ts';
import { messages, signupPhoneLengthMessage } from '../messages.ts';
import { emailField, newPasswordField, requiredText } from './fields.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const LICENSE_ID_MAX = 64;

/** SPEC §5 'general phone pattern' for the digits typed after the country code. */
export const PHONE_DIGITS_PATTERN = /^\d{4,15}$/;

export const signInSchema = z.strictObject({
  licenseId: requiredText(messages.licenseIdRequired, LICENSE_ID_MAX),
  password: requiredText(messages.passwordRequired, 1024, { trim: false }),
});
export type SignInInput = z.infer<typeof signInSchema>;

const passwordPair = {
  password: newPasswordField,
  confirmPassword: z.string({ error: messages.confirmationRequired }).min(1, { error: messages.confirmationRequired }),
};

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.confirmPassword !== '' && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsMustMatch });
  }
}

/** The SPEC §5 length rule for a phone number under a country code, or undefined when it holds. */
export function signupPhoneIssue(digits: string, countryCode: string): string | undefined {
  if (!PHONE_DIGITS_PATTERN.test(digits)) return messages.invalidPhone;
  const lengths = allowedLengths(countryCode);
  if (lengths.includes(digits.length)) return undefined;
  return signupPhoneLengthMessage(lengths, countryByCode(countryCode)?.name ?? countryCode);
}

export const signUpSchema = z
  .strictObject({
    username: requiredText(messages.usernameRequired, USERNAME_MAX).min(USERNAME_MIN, { error: messages.minimum3 }),
    email: emailField(messages.emailRequired, messages.invalidEmail),
    countryCode: z
      .string({ error: messages.required })
      .min(1, { error: messages.required })
      .refine((code) => code === '' || isKnownCountryCode(code), { error: messages.required }),
    phoneNumber: requiredText(messages.phoneRequired, UNKNOWN_COUNTRY_MAX_LENGTH),
    licenseId: requiredText(messages.licenseIdRequired, LICENSE_ID_MAX),
    ...passwordPair,
  })
  .superRefine((value, ctx) => {
    passwordsMatch(value, ctx);
    if (value.phoneNumber === '') return;
    const issue = signupPhoneIssue(value.phoneNumber, value.countryCode);
    if (issue) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: issue });
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const resetRequestSchema = z.strictObject({
  email: emailField(messages.resetEmailRequired, messages.resetInvalidEmail),
});
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z
  .strictObject({ token: requiredText(messages.linkInvalid, 200), ...passwordPair })
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
