import { z } from 'zod';
import { messages } from '../messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password-length.ts';

/** A string field: `required` when blank or missing, capped at `max`, trimmed unless told otherwise. */
export function requiredText(required: string, max: number, options: { trim?: boolean } = {}) {
  const base = z.string({ error: required });
  return (options.trim === false ? base : base.trim())
    .min(1, { error: required })
    .max(max, { error: messages.maximumLength(max) });
}

/**
 * One plain address, which every mail library reads back as itself: a dot-atom local part (RFC 5322 atext, plus
 * letters and digits of any script) and a domain of two or more labels. No quotes, commas, semicolons, colons, angle
 * brackets, parentheses or spaces, each of which makes a mailer read a name, a group or a second address.
 */
const EMAIL_ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const DOMAIN_LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
const EMAIL_PATTERN = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`, 'u');
const EMAIL_MAX = 254;

export function emailField(required: string, invalid: string) {
  return requiredText(required, EMAIL_MAX)
    .toLowerCase()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: invalid });
}

/**
 * What no name (username, face, contact, glasses) may hold: control characters, line and paragraph separators,
 * invisible format characters (zero-width space, direction marks and overrides, isolates, byte-order mark: they make
 * two names look alike or one read as another, issue #34) and lone surrogates (half a character: not text at all).
 * The zero-width joiner and non-joiner are format characters too, but Hindi and other Indic scripts need them after a
 * virama, and emoji sequences between emoji ('👩‍👧'): they are refused anywhere else (D-070).
 */
const FORBIDDEN_IN_NAMES = /[\p{Cc}\u2028\u2029]|(?![\u200C\u200D])\p{Cf}|(?<![\p{M}\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}])[\u200C\u200D]|\p{Cs}/u;

export function hasForbiddenNameCharacter(text: string): boolean {
  return FORBIDDEN_IN_NAMES.test(text);
}

/** The one refinement every name schema goes through: the same rule and message for every kind of name. */
export function refusingHiddenCharacters<S extends z.ZodString>(schema: S): S {
  return schema.refine((value) => !hasForbiddenNameCharacter(value), { error: messages.nameCharacters }) as S;
}

/** product §5 password composition: lowercase, uppercase, digit and one of !@#$%^&*. */
const COMPOSITION = [/[a-z]/, /[A-Z]/, /\d/, /[!@#$%^&*]/];

function isComposedPassword(value: string): boolean {
  return COMPOSITION.every((rule) => rule.test(value));
}

export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .min(PASSWORD_MIN, { error: messages.minimum8 })
  .max(PASSWORD_MAX, { error: messages.maximumLength(PASSWORD_MAX) })
  .refine((v) => v.length < PASSWORD_MIN || isComposedPassword(v), { error: messages.passwordComposition });
