import { z } from 'zod';
import { isKnownCountryCode } from '../countries.ts';
import { messages, signupPhoneLengthMessage } from '../messages.ts';
import { nationalNumberOf, PHONE_TEXT_MAX, phoneNumberIssue, readPhoneNumber, type PhoneRuleMessages } from '../phone-numbers.ts';
import { emailField, newPasswordField, refusingHiddenCharacters, requiredText } from './fields.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const LICENSE_ID_MAX = 64;
/** Letters, digits and dashes: nothing that could forge a field of the identity QR ('ID:…,Email:…'). */
export const LICENSE_ID_PATTERN = /^[A-Za-z0-9-]+$/;

/** SPEC §5 (sign-up): how the phone rules are worded on sign-up. */
export const SIGNUP_PHONE_RULE: PhoneRuleMessages = {
  notANumber: messages.invalidPhone,
  pattern: messages.invalidPhone,
  length: signupPhoneLengthMessage,
};

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

/** SPEC §5's phone rules for a number as typed under a country code, or undefined when they hold. */
export function signupPhoneIssue(text: string, countryCode: string): string | undefined {
  return phoneNumberIssue(readPhoneNumber(text, countryCode), countryCode, SIGNUP_PHONE_RULE);
}

export const signUpSchema = z
  .strictObject({
    username: refusingHiddenCharacters(requiredText(messages.usernameRequired, USERNAME_MAX).min(USERNAME_MIN, { error: messages.minimum3 })),
    email: emailField(messages.emailRequired, messages.invalidEmail),
    countryCode: z
      .string({ error: messages.required })
      .min(1, { error: messages.required })
      .refine((code) => code === '' || isKnownCountryCode(code), { error: messages.required }),
    phoneNumber: requiredText(messages.phoneRequired, PHONE_TEXT_MAX),
    licenseId: requiredText(messages.licenseIdRequired, LICENSE_ID_MAX).regex(LICENSE_ID_PATTERN, { error: messages.licenseIdCharacters }),
    ...passwordPair,
  })
  .superRefine((value, ctx) => {
    passwordsMatch(value, ctx);
    if (value.phoneNumber === '' || !isKnownCountryCode(value.countryCode)) return;
    const issue = signupPhoneIssue(value.phoneNumber, value.countryCode);
    if (issue) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: issue });
  })
  // The national number as read ('07700 900123' → '7700900123'); the server stores it after the country code.
  .transform((value) => ({ ...value, phoneNumber: nationalNumberOf(value.phoneNumber, value.countryCode) ?? value.phoneNumber }));
/** A sign-up: as typed in the form and sent (the phone as written), or as read (the phone's national number). */
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
