import { z } from 'zod';
import { isKnownCountryCode } from '../countries.ts';
import { messages, signupPhoneLengthMessage } from '../messages.ts';
import { nationalNumberOf, PHONE_TEXT_MAX, phoneNumberIssue, readPhoneNumber, type PhoneRuleMessages } from '../phone-numbers.ts';
import { LICENSE_ID_MAX, LICENSE_ID_PATTERN, passwordPair, passwordsMatch, USERNAME_MAX, USERNAME_MIN } from './auth.ts';
import { emailField, refusingHiddenCharacters, requiredText } from './fields.ts';

/**
 * product §5 sign-up. Apart from auth.ts so that the screens without a phone (sign-in, reset) do not load the phone
 * parser (libphonenumber-js and its metadata).
 */

/** product §5 (sign-up): how the phone rules are worded on sign-up. */
const SIGNUP_PHONE_RULE: PhoneRuleMessages = {
  notANumber: messages.invalidPhone,
  pattern: messages.invalidPhone,
  length: signupPhoneLengthMessage,
};

/** product §5's phone rules for a number as typed under a country code, or undefined when they hold. */
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
