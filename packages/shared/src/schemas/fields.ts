import { z } from 'zod';
import { messages } from '../messages.ts';

/** A string field: `required` when blank or missing, capped at `max`, trimmed unless told otherwise. */
export function requiredText(required: string, max: number, options: { trim?: boolean } = {}) {
  const base = z.string({ error: required });
  return (options.trim === false ? base : base.trim())
    .min(1, { error: required })
    .max(max, { error: messages.maximumLength(max) });
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX = 254;

export function emailField(required: string, invalid: string) {
  return requiredText(required, EMAIL_MAX)
    .toLowerCase()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: invalid });
}

/** SPEC §5 password composition: lowercase, uppercase, digit and one of !@#$%^&*. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const COMPOSITION = [/[a-z]/, /[A-Z]/, /\d/, /[!@#$%^&*]/];

export function isComposedPassword(value: string): boolean {
  return COMPOSITION.every((rule) => rule.test(value));
}

export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .min(PASSWORD_MIN, { error: messages.minimum8 })
  .max(PASSWORD_MAX, { error: messages.maximumLength(PASSWORD_MAX) })
  .refine((v) => v.length < PASSWORD_MIN || isComposedPassword(v), { error: messages.passwordComposition });
