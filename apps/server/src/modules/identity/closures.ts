import { sql } from 'kysely';
import { conflict, expired, invalid } from '../../domain-errors.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import { messages } from '@seva/shared';
import { hashToken, newToken } from '../../tokens.ts';
import * as store from './store.ts';

/** How long a closed account can be restored (issue #21, D-041). */
const RESTORE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** What the restore page says when the restore can no longer happen. */
export const RESTORE_ENDED = /*i18n*/ 'This account can no longer be restored. A new account with its e-mail address has been verified.';

/**
 * A closed account (issue #21): the user record gives up its e-mail and license ID at once (so both can register
 * again) and keeps its rows; `account_closures` holds what it gave up and the restore link's hash until the account is
 * restored or erased. Nothing can sign in to it or find it by e-mail or license ID meanwhile.
 */
export function closures(db: Db, now: () => Date, endSessions: (trx: Executor, userId: string) => Promise<void>) {
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const placeholder = (uid: string) => ({ email: `closed-${uid}@closed.invalid`, license_key: `closed:${uid}` });

  return {
    /** Closes the account in the caller's transaction: answers the restore link's token and until when it works. */
    async close(trx: Executor, user: store.UserRow): Promise<{ token: string; until: Date }> {
      const { token, hash } = newToken();
      const until = iso(RESTORE_WINDOW_MS);
      await trx
        .insertInto('account_closures')
        .values({ user_id: user.uid, email: user.email, license_id: user.license_id, license_key: user.license_key, closed_at: iso(), restore_hash: hash, restore_until: until })
        .execute();
      await store.updateUser(trx, user.uid, { ...placeholder(user.uid), is_active: 0, is_logged_in: 0 });
      await endSessions(trx, user.uid);
      await store.deleteUserTokens(trx, user.uid);
      return { token, until: new Date(until) };
    },

    /**
     * The restore link: gives the account back its e-mail and license ID, signed out. A used, unknown or ended link is
     * refused as the other links are; one whose e-mail a verified account took meanwhile ends the restore. A sign-up
     * never verified that holds the e-mail gives way (D-072): nobody proved they own the address, and the link did.
     */
    async restore(token: string): Promise<string> {
      const closure = await db.selectFrom('account_closures').selectAll().where('restore_hash', '=', hashToken(token)).executeTakeFirst();
      if (!closure) throw invalid(messages.linkInvalid);
      const takenByVerified = async (executor: Executor) =>
        [await store.findUserByEmail(executor, closure.email), await store.findUserByLicenseKey(executor, closure.license_key)].some((user) => user && Number(user.is_verified) === 1);
      if (await takenByVerified(db)) throw conflict(RESTORE_ENDED);
      if (closure.restore_until <= iso()) throw expired(messages.linkExpired);
      try {
        await db.transaction().execute(async (trx) => {
          const removed = await trx.deleteFrom('account_closures').where('user_id', '=', closure.user_id).where('restore_hash', '=', closure.restore_hash).executeTakeFirst();
          if (Number(removed.numDeletedRows) !== 1) throw invalid(messages.linkInvalid);
          await store.deleteExpiredSignUps(trx, iso(), { email: closure.email, licenseKey: closure.license_key });
          await store.updateUser(trx, closure.user_id, { email: closure.email, license_id: closure.license_id, license_key: closure.license_key, is_active: 1 });
        });
      } catch (error) {
        // A sign-up was verified, or made, between the check and the update.
        if (isUniqueViolation(error)) throw conflict(RESTORE_ENDED);
        throw error;
      }
      return closure.user_id;
    },

    /**
     * A closed account keeps its license ID while it can be restored (D-072): answers when it was closed and until
     * when it can be restored, or nothing when no account that can still be restored holds it.
     */
    async holdingLicense(executor: Executor, licenseKey: string): Promise<{ closedAt: string; restoreUntil: string } | undefined> {
      const row = await executor
        .selectFrom('account_closures')
        .select(['closed_at', 'restore_until'])
        .where('license_key', '=', licenseKey)
        .where('restore_until', '>', iso())
        .executeTakeFirst();
      return row && { closedAt: row.closed_at, restoreUntil: row.restore_until };
    },

    /**
     * A verified account with a closed account's e-mail ends that account's restore: it is due for the final erase at
     * once, and its link, kept until then, says why it no longer works. Only a verified one does (D-072): a sign-up
     * anyone can make with the e-mail proves nothing.
     */
    async endRestoresHolding(trx: Executor, email: string): Promise<void> {
      await trx.updateTable('account_closures').set({ restore_until: iso() }).where('email', '=', email).execute();
    },

    /** Closed accounts due for the final erase: their 14 days are over, or their restore has ended (the same). */
    async due(at: Date = now()): Promise<string[]> {
      const rows = await db
        .selectFrom('account_closures')
        .select('user_id')
        .where('restore_until', '<=', at.toISOString())
        .execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * Whether the account is closed, taking its closure row for the caller's transaction: on PostgreSQL a second
     * instance erasing the same account waits here, then finds it gone (SQLite has one writer anyway).
     */
    async claim(trx: Executor, userId: string): Promise<boolean> {
      const result = await trx.updateTable('account_closures').set({ closed_at: sql<string>`closed_at` }).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Part of the final erase, before the user record goes: answers the e-mail and license key the account had. */
    async erase(trx: Executor, userId: string): Promise<{ email: string; license_key: string } | undefined> {
      return trx.deleteFrom('account_closures').where('user_id', '=', userId).returning(['email', 'license_key']).executeTakeFirst();
    },
  };
}

export type Closures = ReturnType<typeof closures>;
