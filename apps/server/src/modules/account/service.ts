import { finished, type Readable } from 'node:stream';
import type { BrowserSession, ChangePasswordInput, Locale } from '@seva/shared';
import type { BlobDeletionQueue } from '../../blobs/deletion-queue.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { exportSlots } from './export-slots.ts';
import type { ActivityService } from '../activity/service.ts';
import type { ContactsService } from '../contacts/service.ts';
import type { DevicesService } from '../devices/service.ts';
import type { FacesService } from '../faces/service.ts';
import type { HelpersService } from '../helpers/service.ts';
import type { Caller } from '../../caller.ts';
import type { IdentityService } from '../identity/service.ts';
import type { SessionsService } from '../sessions/service.ts';
import { accountClosedMail } from './emails.ts';
import { createArchiveBuilder } from './export-archive.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import { i18nOfAccount } from '../../i18n/catalogs.ts';

/** One module's rows of a user, deleted inside the account deletion's transaction. */
type EraseUser = (trx: Executor, userId: string) => Promise<void>;

interface AccountDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  identity: Pick<IdentityService, 'account' | 'confirmPassword' | 'changePassword' | 'closeAccount' | 'closedAccountsDue' | 'claimClosedAccount'>;
  /** 'Signed-in browsers': the user's sessions. */
  sessions: Pick<SessionsService, 'browserSessions' | 'endBrowserSession' | 'endOtherBrowserSessions'>;
  contacts: Pick<ContactsService, 'list'>;
  faces: Pick<FacesService, 'exportPages' | 'exportImage'>;
  /** The glasses: listed for the download, unpaired one by one on request, all removed when the account closes. */
  devices: Pick<DevicesService, 'list' | 'unpair' | 'eraseUser'>;
  activity: Pick<ActivityService, 'record' | 'history'>;
  /** Issue #18: the wearer's helpers for helpers.json, and telling them once the account is gone. */
  helpers?: Pick<HelpersService, 'exportFor' | 'beforeWearerDeleted' | 'eraseUser'>;
  /** Every module's part of an account, in order: those that hang on the user record first, identity's (the record) last. */
  erasers: EraseUser[];
  /** Blobs of deleted records: drained once the deletion has committed. */
  blobDeletions: Pick<BlobDeletionQueue, 'drain'>;
  /** Exports and deletions counted for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'exports' | 'deletions'>;
  now?: () => Date;
}

/**
 * Issue #12 ("your data, your control"): the signed-in browsers, the download of everything the portal holds about
 * the user (UK GDPR Articles 15 and 20) and the deletion of the account (Article 17). Each module keeps its own rows:
 * this service reads them through the other services and deletes them through the steps services.ts hands it.
 */
export function createAccountService(deps: AccountDeps) {
  const { db, identity } = deps;
  const now = deps.now ?? (() => new Date());
  const exports = exportSlots();
  const buildArchive = createArchiveBuilder(deps, now);

  /** Unpairs every pair of glasses of the account, each through the devices' own unpairing; answers how many. */
  async function unpairAllGlasses(userId: string, device: string | null): Promise<number> {
    const user = await identity.account(userId);
    const glasses = await deps.devices.list(user);
    for (const pair of glasses) await deps.devices.unpair(user, pair.id, device);
    return glasses.length;
  }

  /**
   * The final erase of a closed account (its 14 days over, or its restore ended): every module's rows in one
   * transaction, then the pictures through the deletion queue (a crash in between leaves their keys queued, and the
   * next drain deletes them). An account that is not closed is left alone, and of two instances erasing the same
   * account one does it. Answers whether it erased.
   */
  async function eraseClosedAccount(userId: string): Promise<boolean> {
    const erased = await db.transaction().execute(async (trx) => {
      if (!(await identity.claimClosedAccount(trx, userId))) return false;
      for (const erase of deps.erasers) await erase(trx, userId);
      return true;
    });
    if (!erased) return false;
    try {
      await deps.blobDeletions.drain();
    } catch {
      // Still queued: the next drain (at start, by housekeeping) deletes them.
    }
    return true;
  }

  return {
    sessions: (user: SignedInUser, currentToken: string | undefined): Promise<BrowserSession[]> => deps.sessions.browserSessions(user.uid, currentToken),

    /** Signs one browser out; the activity names it (issue #21). Answers its name. */
    /** The language the wearer reads the portal's e-mails in, chosen with the 'Language' control (issue #23). */
    async setLanguage(user: SignedInUser, locale: Locale): Promise<void> {
      await db.updateTable('users').set({ locale }).where('uid', '=', user.uid).execute();
    },

    async endSession(user: SignedInUser, sessionId: string, device: string): Promise<string> {
      const ended = await deps.sessions.endBrowserSession(user.uid, sessionId);
      await deps.activity.record(user.uid, 'browser-signed-out', device, null, ended);
      return ended;
    },

    /** 'Sign out all other browsers', noted in the activity when any was signed in. */
    async endOtherSessions(user: SignedInUser, currentToken: string | undefined, device: string): Promise<number> {
      const count = await deps.sessions.endOtherBrowserSessions(user.uid, currentToken);
      if (count > 0) await deps.activity.record(user.uid, 'signed-out-others', device);
      return count;
    },

    /**
     * 'Change password' (issue #21): signs the other browsers out unless asked not to and, when asked, unpairs every
     * pair of glasses as 'Unpair' does (issue #20). Answers how many browsers and glasses it ended.
     */
    async changePassword(user: SignedInUser, input: ChangePasswordInput, caller: Caller, currentToken: string | undefined, device: string) {
      const signedOut = await identity.changePassword(user.uid, { currentPassword: input.currentPassword, newPassword: input.newPassword, signOutOthers: input.signOutOthers ?? true }, caller, currentToken);
      const unpaired = input.unpairGlasses ? await unpairAllGlasses(user.uid, device) : 0;
      return { signedOut, unpaired };
    },

    unpairAllGlasses,

    /**
     * The data download, `device` being the browser that asks (noted first, so the download is in its own
     * activity.json), `timeZone` the zone it says it is in (index.html writes times in it; UTC when absent or
     * unknown). The faces are read a page at a time into faces.json (about 1.3 KB a face: 1.3 MB at the 1,000-face
     * limit), and their pictures only when the archive reaches them, one at a time: memory does not grow with the
     * pictures, and the archive's length is known before its first byte. One at a time per account and
     * EXPORTS_PER_INSTANCE on this instance (429 beyond, D-039), each until its archive is sent or abandoned.
     */
    async exportArchive(user: SignedInUser, device: string, timeZone?: string): Promise<{ fileName: string; size: number; stream: Readable }> {
      const release = exports.take(user.uid);
      try {
        const archive = await buildArchive(user, device, timeZone);
        // Read to its end (the next download may start at once), failed, or abandoned.
        finished(archive.stream, release);
        return archive;
      } catch (error) {
        release();
        throw error;
      }
    },

    /**
     * 'Delete my account' (issue #21), once the password is confirmed (a wrong one: 'Invalid password', nothing
     * changes): the account is closed at once, in one transaction (sessions, links, glasses and helpers' access end;
     * sign-in answers 'Invalid credentials'; the e-mail and license ID are free), and kept 14 days for the e-mail's
     * 'Restore my account' link; then `eraseClosedAccount` erases it (housekeeping).
     */
    async deleteAccount(user: SignedInUser, password: string, caller: Caller): Promise<void> {
      await identity.confirmPassword(user.uid, password, caller);
      const account = await identity.account(user.uid);
      const tellHelpers = await deps.helpers?.beforeWearerDeleted(user.uid);
      const restore = await db.transaction().execute(async (trx) => {
        await deps.devices.eraseUser(trx, user.uid);
        await deps.helpers?.eraseUser(trx, user.uid);
        return identity.closeAccount(trx, user.uid);
      });
      deps.metrics?.deletions.inc();
      // The outbox (no SMTP_URL) keeps no mail of theirs; the confirmation below goes there for its own 7 days.
      try {
        await deps.mailer.forget?.(account.email);
      } catch {
        // Housekeeping removes outbox mail after 7 days in any case.
      }
      try {
        await deps.mailer.send(
          accountClosedMail(i18nOfAccount(account, caller.locale), account.email, {
            username: account.username,
            licenseId: account.license_id,
            deletedAt: now(),
            restoreUntil: restore.until,
            restoreUrl: `${deps.config.publicUrl}/restore-account?token=${restore.token}`,
          }),
        );
      } catch {
        // The account is closed whether or not the e-mail could be sent.
      }
      await tellHelpers?.();
    },

    eraseClosedAccount,

    /** Housekeeping: erases the closed accounts that are due. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      let erased = 0;
      for (const userId of await identity.closedAccountsDue(at)) if (await eraseClosedAccount(userId)) erased += 1;
      return { closed_accounts: erased };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
