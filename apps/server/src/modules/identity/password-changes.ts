import { messages, type NewPasswordInput, type ResetRequestInput } from '@seva/shared';
import type { Caller } from '../../caller.ts';
import { invalid, notFound, refused, tooMany, unavailable } from '../../domain-errors.ts';
import { describeUserAgent } from '../../user-agent.ts';
import type { IdentityContext } from './context.ts';
import type { Credentials } from './credentials.ts';
import { passwordChangedMail } from './emails.ts';
import type { Links } from './links.ts';
import { hashPassword, isWeakPassword } from './passwords.ts';
import * as store from './store.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

/** The reset e-mails one account is sent in an hour, whoever asks for them (issue #34, D-071). */
const RESET_MAILS_PER_HOUR = 3;
const RESET_MAILS_WINDOW_MS = 60 * 60 * 1000;

/** A forgotten password's reset by link, 'Change password' on /profile, and the password asked before a deletion. */
export function passwordChanges(ctx: IdentityContext, links: Links, credentials: Credentials) {
  const { db, config, guesses, note } = ctx;

  /** 'Your SEVA password was changed': a mail that fails does not undo the change (the activity notes it too). */
  async function tellPasswordChanged(user: store.UserRow, caller?: Caller): Promise<void> {
    try {
      await ctx.mailer.send(
        passwordChangedMail(i18nOfAccount(user, caller?.locale), user.email, {
          username: user.username,
          licenseId: user.license_id,
          changedAt: ctx.now(),
          from: describeUserAgent(caller?.userAgent),
          secureLink: `${config.publicUrl}/forgot-password`,
        }),
      );
    } catch {
      // The password is changed; the activity list shows it.
    }
  }

  return {
    /** Whether a reset link can still be used, without using it: the reset page asks when it opens. */
    async checkResetLink(token: string): Promise<void> {
      await links.live(token, 'reset');
    },

    async requestPasswordReset(input: ResetRequestInput, caller: Caller): Promise<void> {
      await ctx.limits.reset.count(caller.ip, input.email);
      const user = await store.findUserByEmail(db, input.email);
      if (!user || ctx.isExpiredSignUp(user)) throw notFound(messages.noAccountWithEmail);
      // Whoever asks, the owner is sent at most three an hour; each still works for its own hour (D-071).
      if ((await store.countTokensSince(db, user.uid, 'reset', ctx.iso(-RESET_MAILS_WINDOW_MS))) >= RESET_MAILS_PER_HOUR) throw tooMany(messages.resetMailsSent);
      try {
        await links.send(user, 'reset', caller.locale);
      } catch {
        throw unavailable(messages.resetFailed);
      }
    },

    /** Answers the account whose password was reset (its glasses may be unpaired next, D-040). */
    async resetPassword(input: NewPasswordInput, caller?: Caller): Promise<string> {
      // The link is checked before the costly hash, so a dead link is refused at once and says why.
      const row = await links.live(input.token, 'reset');
      const user = await store.findUserById(db, row.user_id);
      if (user && isWeakPassword(input.password, [user.username, user.email, user.license_id])) {
        throw invalid(messages.passwordTooWeak, 'password');
      }
      const passwordHash = await hashPassword(input.password);
      await links.use(input.token, 'reset', async (trx, userId) => {
        await store.updateUser(trx, userId, { password_hash: passwordHash, is_verified: 1, is_logged_in: 0 });
        await ctx.sessions.endAll(trx, userId);
        await store.retireTokens(trx, userId, 'reset', ctx.iso());
      });
      // With a new password the owner may sign in from every address again, even one that was blocked.
      if (user) await guesses.forgetAccount(user.license_key);
      await note(row.user_id, 'password-changed', caller);
      if (user) await tellPasswordChanged(user, caller);
      return row.user_id;
    },

    /**
     * 'Change password' on /profile (issue #21): the current password confirms it (a wrong one counts as a failed
     * sign-in and gets 'Invalid password' on its field); the new one follows sign-up's rules. With `signOutOthers`
     * every other session of the user ends in the same transaction. Answers how many browsers were signed out.
     */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string; signOutOthers: boolean }, caller: Caller, currentToken: string | undefined): Promise<number> {
      const user = await credentials.confirmOwn(userId, input.currentPassword, caller, () => invalid(messages.invalidPassword, 'currentPassword'));
      if (isWeakPassword(input.newPassword, [user.username, user.email, user.license_id])) throw invalid(messages.passwordTooWeak, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      const signedOut = await db.transaction().execute(async (trx) => {
        await store.updateUser(trx, userId, { password_hash: passwordHash });
        return input.signOutOthers ? ctx.sessions.endOtherBrowserSessions(userId, currentToken, trx) : 0;
      });
      await guesses.forgetAccount(user.license_key);
      await note(userId, 'password-changed', caller);
      if (signedOut > 0) await note(userId, 'signed-out-others', caller);
      await tellPasswordChanged(user, caller);
      return signedOut;
    },

    /**
     * Checks the signed-in user's password before a step that cannot be undone (deleting the account). A wrong one is
     * counted as a failed sign-in (the same limits), noted in the activity, and refused with SPEC's 'Invalid password'.
     */
    async confirmPassword(userId: string, password: string, caller: Caller): Promise<void> {
      await credentials.confirmOwn(userId, password, caller, () => refused(messages.invalidPassword, { field: 'password' }));
    },
  };
}
