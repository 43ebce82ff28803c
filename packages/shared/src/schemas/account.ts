import { z } from 'zod';
import { passwordChangedMessage, signedOutOthersMessage } from '../account.ts';
import { messages } from '../messages.ts';
import { passwordsMatch } from './auth.ts';
import { newPasswordField, requiredText } from './fields.ts';

/** POST /api/account/delete: the password confirms that the owner, not someone at an open browser, deletes it. */
export const deleteAccountSchema = z.strictObject({
  password: requiredText(messages.passwordRequired, 1024, { trim: false }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * POST /api/account/export: the browser's time zone (an IANA name, e.g. 'Europe/London'), in which the download's
 * index.html writes times; without it, or with one the server does not know, they are in UTC and the page says so.
 */
export const exportRequestSchema = z.strictObject({
  timeZone: z.string().max(64).optional(),
});

/**
 * POST /api/account/password: 'Change password' on /profile. The current password confirms it; by default every other
 * browser is signed out, and the glasses stay paired unless the user asks (D-040).
 */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: requiredText(messages.passwordRequired, 1024, { trim: false }),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: messages.confirmationRequired }).min(1, { error: messages.confirmationRequired }),
    signOutOthers: z.boolean().default(true),
    unpairGlasses: z.boolean().default(false),
  })
  .superRefine((value, ctx) => passwordsMatch({ password: value.newPassword, confirmPassword: value.confirmPassword }, ctx));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /api/auth/restore-account: the link of the deletion e-mail. */
export const restoreAccountSchema = z.strictObject({ token: requiredText(messages.linkInvalid, 200) });

const THIS_BROWSER = {
  id: 'p3Xo1Wq8nV6tR0yL2kJ9hG4fD7sA5zC1bN8mQ3eT6uI',
  browser: 'Firefox',
  system: 'Linux',
  signedInAt: '2026-03-14T09:20:11.000Z',
  lastActiveAt: '2026-03-14T09:31:02.000Z',
  current: true,
};

/** One signed-in browser (a live session) as GET /api/account/sessions lists it; `id` is opaque, never the token. */
export const browserSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  signedInAt: z.string(),
  /** When the session was last used (noted at most hourly). */
  lastActiveAt: z.string(),
  /** The session of the browser that asked. */
  current: z.boolean(),
});
export type BrowserSession = z.infer<typeof browserSessionSchema>;

/** GET /api/account/sessions: the browsers signed in to the account, the asking one first. */
export const browserSessionsAnswerSchema = z.object({ sessions: z.array(browserSessionSchema) }).meta({
  examples: [
    {
      sessions: [
        THIS_BROWSER,
        { ...THIS_BROWSER, id: 'Zr7Yt2Uq5Wm9Xn3Vb6Lc1Kd8Jf4Hg0Ps2Oa7Ie5Qw3R', browser: 'Chrome', system: 'Android', current: false },
      ],
    },
  ],
});
export type BrowserSessionsAnswer = z.infer<typeof browserSessionsAnswerSchema>;

/** POST /api/account/sessions/sign-out-others: how many browsers were signed out, and what to say. */
export const signedOutOthersAnswerSchema = z
  .object({ count: z.number().int(), message: z.string() })
  .meta({ examples: [{ count: 2, message: signedOutOthersMessage(2) }] });
export type SignedOutOthersAnswer = z.infer<typeof signedOutOthersAnswerSchema>;

/** POST /api/account/password: how many browsers were signed out and glasses unpaired, and what to say. */
export const passwordChangedAnswerSchema = z
  .object({ signedOut: z.number().int(), unpaired: z.number().int(), message: z.string() })
  .meta({ examples: [{ signedOut: 1, unpaired: 0, message: passwordChangedMessage(1, 0) }] });
export type PasswordChangedAnswer = z.infer<typeof passwordChangedAnswerSchema>;
