import { helperMessages, messages, type ChangeHelperPasswordInput, type NewPasswordInput } from '@seva/shared';
import { expired, invalid, notFound } from '../../domain-errors.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { hashPassword, isWeakPassword } from '../identity/passwords.ts';
import type { Caller } from '../../caller.ts';
import { helperResetMail, stoppedMail } from './emails.ts';
import * as store from './store.ts';
import { signInAccount, type HelperKit } from './helper-kit.ts';
import type { HelperCaller, HelperSessions } from './helper-sessions.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

const HELPER_RESET_TTL_MS = 60 * 60 * 1000;

/** The helper's own account: its password (reset or changed), ending a link, deleting it. */
export function createHelperAccount(kit: HelperKit, { steps }: HelperSessions) {
  const { deps, db, config, iso, guesses, limits, tell } = kit;
  const { checkPassword } = steps;

  return {
    /** A reset link by e-mail when a helper account has this address; the same answer either way. */
    async requestPasswordReset(email: string, caller: Caller): Promise<void> {
      await limits.reset.count(caller.ip, signInAccount(email));
      const account = await store.findAccountByEmail(db, email);
      if (!account) return;
      const { token, hash } = newToken();
      const expiresAt = iso(HELPER_RESET_TTL_MS);
      await store.insertResetToken(db, { token_hash: hash, helper_id: account.id, created_at: iso(), expires_at: expiresAt });
      const link = `${config.publicUrl}/helper/reset-password?token=${token}`;
      await tell(helperResetMail(i18nOfAccount(account, caller.locale), account.email, { helperName: account.name, link, expiresAt }));
    },

    /** A new password from a reset link: every browser of the helper signs in again; every address may try again. */
    async resetPassword(input: NewPasswordInput): Promise<void> {
      const row = await store.findResetToken(db, hashToken(input.token));
      if (!row || row.used_at) throw invalid(messages.linkInvalid);
      if (row.expires_at <= iso()) throw expired(messages.linkExpired);
      const account = await store.findAccount(db, row.helper_id);
      if (!account) throw invalid(messages.linkInvalid);
      if (isWeakPassword(input.password, [account.name, account.email])) throw invalid(messages.passwordTooWeak, 'password');
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        if (!(await store.consumeResetToken(trx, row.token_hash, iso()))) throw invalid(messages.linkInvalid);
        await store.retireResetTokens(trx, account.id, iso());
        await store.setPassword(trx, account.id, passwordHash);
        await store.deleteHelperSessions(trx, account.id);
      });
      await guesses.forgetAccount(signInAccount(account.email));
    },

    /**
     * A helper's new password: the current one confirms it, a wrong one counting as a failed sign-in as a wearer's
     * does (issue #34); the helper's other browsers sign in again.
     */
    async changePassword(helper: HelperCaller, input: ChangeHelperPasswordInput, caller: Caller): Promise<void> {
      const account = await checkPassword(await store.findAccount(db, helper.helperId), input.currentPassword, caller, helper.email, () => invalid(messages.invalidPassword, 'currentPassword'));
      if (isWeakPassword(input.newPassword, [account.name, account.email])) throw invalid(messages.passwordTooWeak, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await store.setPassword(trx, account.id, passwordHash);
        await store.deleteHelperSessions(trx, account.id, helper.tokenHash);
      });
    },

    /** 'Stop helping {wearer}': the link ends, the helper's browsers act for nobody, and the wearer is told. */
    async stopHelping(helper: HelperCaller, wearerId: string): Promise<void> {
      const link = await store.findActiveLink(db, helper.helperId, wearerId);
      if (!link) throw notFound(helperMessages.notYourWearer);
      await db.transaction().execute(async (trx) => {
        if (!(await store.moveLink(trx, link.id, 'active', { status: 'stopped', ended_at: iso() }))) throw notFound(helperMessages.notYourWearer);
        await store.releaseWearer(trx, wearerId, helper.helperId);
      });
      const row = await store.findWearer(db, wearerId);
      if (row) await tell(stoppedMail(i18nOfAccount(row), row.email, { wearer: row.username, helperName: link.name, accountDeleted: false }));
    },

    /** Deletes the helper's account once its password is confirmed: every link ends (kept for the wearers' record) and each wearer is told. */
    async deleteAccount(helper: HelperCaller, password: string, caller: Caller): Promise<void> {
      const account = await store.findAccount(db, helper.helperId);
      await checkPassword(account, password, caller, helper.email);
      const wearers = await store.activeWearersOf(db, helper.helperId);
      await db.transaction().execute(async (trx) => {
        for (const wearer of wearers) await store.moveLink(trx, wearer.id, 'active', { status: 'stopped', ended_at: iso() });
        await store.deleteAccount(trx, helper.helperId);
      });
      await deps.limits.clearAccounts(db, [encodeURIComponent(signInAccount(helper.email)), signInAccount(helper.email)]);
      for (const wearer of wearers) await tell(stoppedMail(i18nOfAccount(wearer), wearer.email, { wearer: wearer.username, helperName: wearer.name, accountDeleted: true }));
    },
  };
}
