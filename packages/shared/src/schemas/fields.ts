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
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: they make a name read as another)
 * and lone surrogates (half a character: not text at all).
 */
const FORBIDDEN_IN_NAMES = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

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
