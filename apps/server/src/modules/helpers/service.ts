import type { Executor } from '../../db/database.ts';
import { ACTIVITY_RETENTION_MS } from '../activity/service.ts';
import { wearerDeletedMail } from './emails.ts';
import { createHelperAccount } from './helper-account.ts';
import { createHelperKit, DAY_MS, type HelpersDeps } from './helper-kit.ts';
import { createHelperSessions } from './helper-sessions.ts';
import { createInvitations } from './invitations.ts';
import * as store from './store.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

/** The routes' name for a helper's signed-in browser. */
export type { HelperCaller } from './helper-sessions.ts';

/** Spent links (declined, cancelled, expired) are kept a week, so a late click still says what became of it. */
const SPENT_LINK_RETENTION_MS = 7 * DAY_MS;

/**
 * Issue #18, helpers: a wearer invites someone they trust, who signs in with their own account and acts for the
 * wearer within a fixed set of powers, until either side ends it. Every request of a helper is checked against the
 * link here (`identify`), so an ended link takes effect on the helper's next request.
 */
export function createHelpersService(deps: HelpersDeps) {
  const kit = createHelperKit(deps);
  const { db, iso, tell } = kit;
  const sessions = createHelperSessions(kit);

  return {
    ...createInvitations(kit, sessions),
    ...sessions.service,
    ...createHelperAccount(kit, sessions),

    /** The data download's helpers.json: every helper and invitation of the wearer, with what became of each. */
    async exportFor(wearerId: string) {
      return (await store.listAllLinks(db, wearerId)).map((row) => ({
        name: row.name,
        email: row.email,
        status: row.status === 'invited' && row.expires_at <= iso() ? 'expired' : row.status,
        invited_at: row.invited_at,
        accepted_at: row.accepted_at,
        ended_at: row.ended_at,
      }));
    },

    /**
     * Before the wearer's account is deleted: who helps them, so that each can be told once the deletion has
     * committed. Answers the step that tells them.
     */
    async beforeWearerDeleted(wearerId: string): Promise<() => Promise<void>> {
      const helpers = await store.activeHelpersOf(db, wearerId);
      const wearer = await store.findWearer(db, wearerId);
      return async () => {
        for (const helper of helpers) await tell(wearerDeletedMail(i18nOfAccount(helper), helper.email, { helperName: helper.name, wearer: wearer?.username ?? 'The wearer' }));
      };
    },

    /** The wearer's deletion, in its transaction: every link goes, and helpers' browsers act for nobody. */
    async eraseUser(trx: Executor, wearerId: string): Promise<void> {
      await store.releaseWearer(trx, wearerId);
      await store.deleteWearerLinks(trx, wearerId);
    },

    /** Housekeeping: expired helper sessions and reset links, expired invitations, and ended links past their keep. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      const nowIso = at.toISOString();
      const before = (ms: number) => new Date(at.getTime() - ms).toISOString();
      await store.expireInvitations(db, nowIso);
      return {
        helper_sessions: await store.deleteExpiredSessions(db, nowIso),
        helper_reset_tokens: await store.deleteSpentResetTokens(db, before(SPENT_LINK_RETENTION_MS)),
        helper_links:
          (await store.deleteEndedLinks(db, ['declined', 'cancelled', 'expired'], before(SPENT_LINK_RETENTION_MS))) +
          (await store.deleteEndedLinks(db, ['removed', 'stopped'], before(ACTIVITY_RETENTION_MS))),
      };
    },
  };
}

export type HelpersService = ReturnType<typeof createHelpersService>;
