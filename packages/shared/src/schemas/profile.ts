import { z } from 'zod';
import { messages } from '../messages.ts';
import { USERNAME_MAX, USERNAME_MIN } from './auth.ts';

/** SPEC §5 (profile edit) and §8 (profile), verbatim, plus the refusals this product adds. */
export const profileMessages = {
  usernameTooShort: 'Username must be at least 3 characters.',
  invalidPhone: 'Please enter a valid phone number.',
  phonePlaceholder: 'Format: +1234567890',
  notFound: 'User profile not found.',
  loadFailed: 'Failed to load profile data.',
  authenticationFailed: 'Authentication failed. Please login again.',
  readOnly: 'Email and license ID are not editable.',
  onlyEditable: 'Only username and phone can be edited.',
  oneAtATime: 'Edit one field at a time: send either username or phone.',
} as const;

export type ProfileField = 'username' | 'phone';

const FIELD_LABEL: Record<ProfileField, string> = { username: 'Username', phone: 'Phone' };

/** SPEC §8: '{Field} updated successfully.' */
export function profileUpdatedMessage(field: ProfileField): string {
  return `${FIELD_LABEL[field]} updated successfully.`;
}

/** SPEC §8: 'Failed to update {field}. Please try again.' */
export function profileUpdateFailedMessage(field: ProfileField): string {
  return `Failed to update ${field}. Please try again.`;
}

/**
 * The phone pattern behind the placeholder 'Format: +1234567890': '+', then 7 to 15 digits,
 * the first not 0 (E.164). Spaces, dots, dashes and brackets people type are dropped first.
 */
export const PROFILE_PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
const PHONE_SEPARATORS = /[\s().-]/g;

export const profileUsernameField = z
  .string({ error: profileMessages.usernameTooShort })
  .trim()
  .min(USERNAME_MIN, { error: profileMessages.usernameTooShort })
  .max(USERNAME_MAX, { error: messages.maximumLength(USERNAME_MAX) });

export const profilePhoneField = z
  .string({ error: profileMessages.invalidPhone })
  .max(40, { error: profileMessages.invalidPhone })
  .transform((value) => value.replace(PHONE_SEPARATORS, ''))
  .refine((value) => PROFILE_PHONE_PATTERN.test(value), { error: profileMessages.invalidPhone });

/** The username form on /profile. */
export const profileUsernameSchema = z.strictObject({ username: profileUsernameField });
/** The phone form on /profile. */
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
