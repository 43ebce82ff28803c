import { z } from 'zod';
import { isKnownCountryCode } from '../countries.ts';
import { messages, signupPhoneLengthMessage } from '../messages.ts';
import {
  countryOfInternationalNumber,
  PHONE_TEXT_MAX,
  phoneNumberIssue,
  readPhoneNumber,
  storedPhoneNumber,
  type PhoneRuleMessages,
} from '../phone-numbers.ts';
import { SESSION_USER_EXAMPLE, sessionUserSchema, USERNAME_MAX, USERNAME_MIN } from './auth.ts';
import { refusingHiddenCharacters } from './fields.ts';

/** product §5 (profile edit) and §8 (profile), verbatim, plus the refusals this product adds. */
export const profileMessages = {
  usernameTooShort: /*i18n*/ 'Username must be at least 3 characters.',
  invalidPhone: /*i18n*/ 'Please enter a valid phone number.',
  phonePlaceholder: /*i18n*/ 'Format: +1234567890',
  notFound: /*i18n*/ 'User profile not found.',
  loadFailed: /*i18n*/ 'Failed to load profile data.',
  authenticationFailed: /*i18n*/ 'Authentication failed. Please login again.',
  readOnly: /*i18n*/ 'Email and license ID are not editable.',
  onlyEditable: /*i18n*/ 'Only username and phone can be edited.',
  oneAtATime: /*i18n*/ 'Edit one field at a time: send either username or phone.',
} as const;

export type ProfileField = 'username' | 'phone';

/** product §8: '{Field} updated successfully.' */
export function profileUpdatedMessage(field: ProfileField): string {
  return field === 'username' ? /*i18n*/ 'Username updated successfully.' : /*i18n*/ 'Phone updated successfully.';
}

/** product §8: 'Failed to update {field}. Please try again.' */
export function profileUpdateFailedMessage(field: ProfileField): string {
  return field === 'username' ? /*i18n*/ 'Failed to update username. Please try again.' : /*i18n*/ 'Failed to update phone. Please try again.';
}

export const profileUsernameField = refusingHiddenCharacters(
  z
    .string({ error: profileMessages.usernameTooShort })
    .trim()
    .min(USERNAME_MIN, { error: profileMessages.usernameTooShort })
    .max(USERNAME_MAX, { error: messages.maximumLength(USERNAME_MAX) }),
);

/**
 * product §5 (profile edit): 'Please enter a valid phone number.' for what is not a phone number; the digit count is
 * the sign-up rule for the user's own number ('Please enter exactly 10 digits for United Kingdom').
 */
const PROFILE_PHONE_RULE: PhoneRuleMessages = {
  notANumber: profileMessages.invalidPhone,
  pattern: profileMessages.invalidPhone,
  length: signupPhoneLengthMessage,
};

/** The profile's phone rule for a number typed under a country code, or undefined when it holds. */
function profilePhoneIssue(text: string, countryCode: string): string | undefined {
  if (text.trim() === '' || !isKnownCountryCode(countryCode)) return profileMessages.invalidPhone;
  return phoneNumberIssue(readPhoneNumber(text, countryCode), countryCode, PROFILE_PHONE_RULE);
}

/**
 * PATCH's `phone`: a whole number, '+' and one of the listed country codes first ('+44 7700 900123', the
 * placeholder's 'Format: +1234567890'), read by the same rules as the form; saved as '+447700900123'.
 */
const profilePhoneField = z
  .string({ error: profileMessages.invalidPhone })
  .max(PHONE_TEXT_MAX, { error: profileMessages.invalidPhone })
  .transform((value, ctx) => {
    const country = countryOfInternationalNumber(value);
    const reading = country ? readPhoneNumber(value, country.code) : undefined;
    const issue = country && reading ? phoneNumberIssue(reading, country.code, PROFILE_PHONE_RULE) : profileMessages.invalidPhone;
    if (issue || !country || reading?.kind !== 'number') {
      ctx.addIssue({ code: 'custom', message: issue ?? profileMessages.invalidPhone });
      return z.NEVER;
    }
    return storedPhoneNumber(country.code, reading.national);
  });

/**
 * The phone form on /profile: the same country list and number field as sign-up and /sos; a valid form gives the
 * PATCH body `{ phone: '+447700900123' }`.
 */
export const profilePhoneFormSchema = z
  .strictObject({
    countryCode: z.string({ error: profileMessages.invalidPhone }),
    phoneNumber: z.string({ error: profileMessages.invalidPhone }).max(PHONE_TEXT_MAX, { error: profileMessages.invalidPhone }),
  })
  .superRefine((value, ctx) => {
    const issue = profilePhoneIssue(value.phoneNumber, value.countryCode);
    if (issue) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: issue });
  })
  .transform((value) => {
    const reading = readPhoneNumber(value.phoneNumber, value.countryCode);
    return { phone: storedPhoneNumber(value.countryCode, reading.kind === 'number' ? reading.national : '') };
  });

/** The username form on /profile. */
export const profileUsernameSchema = z.strictObject({ username: profileUsernameField });
/** PATCH's phone body alone. */
export const profilePhoneSchema = z.strictObject({ phone: profilePhoneField });

const EDITABLE: readonly string[] = ['username', 'phone'];
const READ_ONLY: readonly string[] = ['email', 'license_id', 'licenseId'];

/** Which fields a PATCH names: read-only ones first, then unknown ones, then exactly one editable field. */
function checkEditedKeys(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const keys = Object.keys(body);
  const readOnly = keys.find((k) => READ_ONLY.includes(k));
  if (readOnly) {
    ctx.addIssue({ code: 'custom', path: [readOnly], message: profileMessages.readOnly });
    return;
  }
  const other = keys.find((k) => !EDITABLE.includes(k));
  if (other) {
    ctx.addIssue({ code: 'custom', path: [other], message: profileMessages.onlyEditable });
    return;
  }
  if (keys.length !== 1) ctx.addIssue({ code: 'custom', path: [], message: profileMessages.oneAtATime });
}

/** PATCH /api/profile: exactly one of `{ username }` or `{ phone }`. */
export const profileEditSchema = z
  .record(z.string(), z.unknown())
  .superRefine(checkEditedKeys)
  .pipe(z.strictObject({ username: profileUsernameField.optional(), phone: profilePhoneField.optional() }));
export type ProfileEditInput = z.infer<typeof profileEditSchema>;

/** The example account as /profile reads it: with its identity QR (here a 1-pixel PNG). */
const PROFILE_EXAMPLE = { ...SESSION_USER_EXAMPLE, QRCode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' };

/** GET /api/profile: the signed-in user's record, with its identity QR. */
export const profileAnswerSchema = z.object({ user: sessionUserSchema }).meta({ examples: [{ user: PROFILE_EXAMPLE }] });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** PATCH /api/profile: the record as saved, and what to say. */
export const profileUpdatedAnswerSchema = z
  .object({ user: sessionUserSchema, message: z.string() })
  .meta({ examples: [{ user: PROFILE_EXAMPLE, message: profileUpdatedMessage('username') }] });
export type ProfileUpdatedAnswer = z.infer<typeof profileUpdatedAnswerSchema>;
