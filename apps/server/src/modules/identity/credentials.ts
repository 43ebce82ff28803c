import { messages, type SignInInput } from '@seva/shared';
import type { Caller } from '../../caller.ts';
import { conflict, unauthenticated, type DomainError } from '../../domain-errors.ts';
import { licenseKey, type IdentityContext } from './context.ts';
import { guessingMail } from './emails.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import * as store from './store.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

/** Passwords checked against guessing: at sign-in, and before a step a signed-in user takes (D-016, D-037). */
export function credentials(ctx: IdentityContext) {
  const { db, config, guesses, note } = ctx;

  /** Tells a verified owner that their password is being guessed; a mail that fails must not change the answer. */
  async function tellOwnerOfGuessing(user: store.UserRow, failures: number): Promise<void> {
    if (Number(user.is_verified) !== 1) return;
    const minutes = Math.round(config.rateLimits.signIn.perAccount.windowSeconds / 60);
    try {
      await ctx.mailer.send(guessingMail(i18nOfAccount(user), user.email, { username: user.username, licenseId: user.license_id, failures, minutes, signInLink: `${config.publicUrl}/login` }));
    } catch {
      // The sign-in answer does not depend on the warning; the next window tries again.
    }
  }

  return {
    /**
     * Checks license ID and password with product §8's messages; the account may still be unverified. Failures count
     * per (account, address) pair and per address (failed-sign-ins.ts, D-016); the owner hears by e-mail, once per
     * window, when their password is being guessed. An unknown license ID takes as long to refuse as a wrong password.
     */
    async check(input: SignInInput, caller: Caller): Promise<store.UserRow> {
      const attempt = await guesses.begin(licenseKey(input.licenseId), caller.ip);
      const found = await store.findUserByLicenseKey(db, licenseKey(input.licenseId));
      const user = found && !ctx.isExpiredSignUp(found) ? found : undefined;
      const passwordOk = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDecoy(input.password);
      if (!user || !passwordOk) {
        const failures = await attempt.failed(user !== undefined);
        if (user && failures === config.rateLimits.signIn.perAccount.max) await tellOwnerOfGuessing(user, failures);
        if (!user) throw unauthenticated(messages.invalidCredentials);
        await note(user.uid, 'wrong-password', caller);
        throw unauthenticated(messages.invalidPassword, { field: 'password' });
      }
      await attempt.succeeded();
      if (!user.email) throw conflict(messages.accountConfigurationError);
      return user;
    },

    /**
     * The signed-in user's own password, before a change they make: a wrong one counts as a failed sign-in (the same
     * limits and the same e-mail to the owner), is noted in the activity, and is refused with `refusal`. Answers the
     * user's record.
     */
    async confirmOwn(userId: string, password: string, caller: Caller, refusal: () => DomainError): Promise<store.UserRow> {
      const user = await store.findUserById(db, userId);
      if (!user) throw unauthenticated(messages.signInRequired);
      const attempt = await guesses.begin(user.license_key, caller.ip);
      if (!(await verifyPassword(user.password_hash, password))) {
        const failures = await attempt.failed(true);
        // Guesses here are guesses at sign-in made from a browser someone left signed in: the owner hears the same.
        if (failures === config.rateLimits.signIn.perAccount.max) await tellOwnerOfGuessing(user, failures);
        await note(user.uid, 'wrong-password', caller);
        throw refusal();
      }
      await attempt.succeeded();
      return user;
    },
  };
}

export type Credentials = ReturnType<typeof credentials>;
