import { messages, profileMessages } from '@seva/shared';
import type { Executor } from '../../db/database.ts';
import type { Caller } from '../../caller.ts';
import { notFound, unauthenticated } from '../../domain-errors.ts';
import { closures } from './closures.ts';
import { identityContext, SIGN_UP_EXPIRY_MS, type IdentityDeps } from './context.ts';
import { credentials } from './credentials.ts';
import { links } from './links.ts';
import { passwordChanges } from './password-changes.ts';
import { signIns } from './sign-in.ts';
import { signUps } from './sign-up.ts';
import * as store from './store.ts';

export { licenseKey, RESET_TTL_MS, SIGN_UP_EXPIRY_MS, VERIFY_TTL_MS, type IdentityDeps, type OnUserCreated } from './context.ts';
/** An expired link is kept this long after it expired, so that a late click says it expired rather than invalid. */
export const EXPIRED_LINK_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Identity: accounts and how one gets in (sign-up, sign-in, links, passwords), closing and restoring an account.
 * Its parts share one context (context.ts); the sessions it starts and ends are modules/sessions/, its attempt limits
 * modules/attempt-limits/ (D-049).
 */
export function createIdentityService(deps: IdentityDeps) {
  const ctx = identityContext(deps);
  const { db } = ctx;
  const mailed = links(ctx);
  const checks = credentials(ctx);
  const closed = closures(db, ctx.now, deps.sessions.endAll);

  return {
    ...signUps(ctx, mailed, checks, closed),
    ...signIns(ctx, checks),
    ...passwordChanges(ctx, mailed, checks),

    /**
     * Housekeeping: removes sign-ups never verified, used links and links that expired over a week ago (until then a
     * click still says the link expired). Answers the rows removed per table.
     */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      const linksExpiredBefore = new Date(at.getTime() - EXPIRED_LINK_RETENTION_MS).toISOString();
      return {
        unverified_users: await store.deleteExpiredSignUps(db, new Date(at.getTime() - SIGN_UP_EXPIRY_MS).toISOString()),
        auth_tokens: await store.deleteSpentTokens(db, linksExpiredBefore),
      };
    },

    /**
     * The account's deletion, inside its transaction, after every other module's rows: the sessions (each browser is
     * signed out on its next request), links, attempt counters that name the account, and the user record, which
     * frees the e-mail and license ID.
     */
    async eraseUser(trx: Executor, userId: string): Promise<void> {
      const user = await store.findUserById(trx, userId);
      if (!user) return;
      await deps.sessions.endAll(trx, userId);
      await store.deleteUserTokens(trx, userId);
      // A closed account's own e-mail and license ID are in its closure (issue #21).
      const own = (await closed.erase(trx, userId)) ?? user;
      for (const { email, license_key } of own === user ? [user] : [user, own]) {
        await deps.limits.clearAccounts(trx, [email, license_key, encodeURIComponent(license_key), user.uid]);
      }
      await store.deleteUser(trx, userId);
    },

    /**
     * Closes the account in the caller's transaction (issue #21): sessions and links end, sign-in answers 'Invalid
     * credentials', and the e-mail and license ID are free to register again. Answers the restore link's token.
     */
    async closeAccount(trx: Executor, userId: string): Promise<{ token: string; until: Date }> {
      const user = await store.findUserById(trx, userId);
      if (!user) throw unauthenticated(messages.signInRequired);
      return closed.close(trx, user);
    },

    /** 'Restore my account': the account is back, signed out; noted in its activity. */
    async restoreAccount(token: string, caller?: Caller): Promise<void> {
      const userId = await closed.restore(token);
      await ctx.note(userId, 'account-restored', caller);
    },

    /** Closed accounts whose final erase is due. */
    closedAccountsDue: (at?: Date) => closed.due(at),
    /** Takes a closed account for its final erase, in the erase's transaction; false when it is not (or no longer) closed. */
    claimClosedAccount: (trx: Executor, userId: string) => closed.claim(trx, userId),

    /** The whole record (with its QR image) of a signed-in user. */
    async account(uid: string): Promise<store.UserRow> {
      const user = await store.findUserById(db, uid);
      if (!user) throw notFound(profileMessages.notFound);
      return user;
    },

    /** Changes the fields a user may edit on their profile. */
    async updateAccount(uid: string, changes: Partial<Pick<store.UserRow, 'username' | 'phone' | 'qr_code'>>): Promise<void> {
      await store.updateUser(db, uid, changes);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
/** A user's whole record, secrets included: for services, never for an answer. */
export type Account = store.UserRow;
