/**
 * product §5: how long a password may be. Apart from the zod rules (schemas/fields.ts), so that a screen which only caps
 * its password fields at PASSWORD_MAX does not load zod with its first script (D-054).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
