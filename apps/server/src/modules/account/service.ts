import { finished, type Readable } from 'node:stream';
import type { ActivityEvent, BrowserSession, ChangePasswordInput } from '@seva/shared';
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
import { toSessionUser } from '../sessions/session-user.ts';
import { accountClosedMail } from './emails.ts';
import { uniqueFileNames } from './export-file-names.ts';
import { exportIndexHtml, exportTimeZone, type ExportIndex } from './export-index.ts';
import { zipArchive, type LazyFile } from './zip-archive.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';

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

/** What the data download is called: `seva-data-YYYY-MM-DD.zip`, the day (UTC) it was made. */
const exportFileName = (at: Date) => `seva-data-${at.toISOString().slice(0, 10)}.zip`;

const IMAGE_EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The identity QR code, as a picture of its own in the download (account.json names it). */
const QR_PATH = 'identity-qr.png';

/** The PNG inside the stored QR code's data URL. */
function qrCodePng(dataUrl: string | null | undefined): Buffer | undefined {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl ?? '');
  return match?.[1] ? Buffer.from(match[1], 'base64') : undefined;
}

/** A JSON file of the archive: one field a line, and a list (faces, events) one entry a line, so it reads in an editor. */
function jsonFile(fields: Record<string, unknown>, list?: { key: string; entries: string[] }): Buffer {
  const lines = Object.entries(fields).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  if (list) {
    const entries = list.entries.length === 0 ? '[]' : `[\n${list.entries.map((entry) => `    ${entry}`).join(',\n')}\n  ]`;
    lines.push(`  ${JSON.stringify(list.key)}: ${entries}`);
  }
  return Buffer.from(`{\n${lines.join(',\n')}\n}\n`);
}

const jsonList = (key: string, entries: unknown[]) => ({ key, entries: entries.map((entry) => JSON.stringify(entry)) });

/**
 * Issue #12 ("your data, your control"): the signed-in browsers, the download of everything the portal holds about
 * the user (UK GDPR Articles 15 and 20) and the deletion of the account (Article 17). Each module keeps its own rows:
 * this service reads them through the other services and deletes them through the steps services.ts hands it.
 */
export function createAccountService(deps: AccountDeps) {
  const { db, identity } = deps;
  const now = deps.now ?? (() => new Date());
  const exports = exportSlots();

  /** The archive of everything the portal holds about the user, its pictures read as it is sent. */
  async function buildArchive(user: SignedInUser, device: string, timeZone: string | undefined): Promise<{ fileName: string; size: number; stream: Readable }> {
    await deps.activity.record(user.uid, 'data-downloaded', device);
    const exportedAt = now();
    const account = await identity.account(user.uid);
    const contacts = await deps.contacts.list(user);
    const glasses = (await deps.devices.list(user)).map((g) => ({ name: g.name, paired_at: g.pairedAt, last_seen_at: g.lastSeenAt }));
    const helpers = (await deps.helpers?.exportFor(user.uid)) ?? [];
    const events: ActivityEvent[] = [];
    for await (const page of deps.activity.history(user.uid)) events.push(...page);
    const activity = events.map((e) => ({ event: e.label, kind: e.kind, at: e.at, device: e.device, ...(e.helper ? { helper: e.helper } : {}) }));

    // Each face is written to its line of faces.json as it is read; only the lines (and what index.html shows) are kept.
    const faces: string[] = [];
    const people: ExportIndex['faces'] = [];
    const images: LazyFile[] = [];
    const photoPath = uniqueFileNames('faces');
    for await (const page of deps.faces.exportPages(user.uid)) {
      for (const face of page) {
        const size = await deps.faces.exportImage.size(face.image.key);
        const path = size === undefined ? null : photoPath(face.name, IMAGE_EXTENSION[face.image.mime] ?? 'jpg');
        const { image, descriptor: _descriptor, ...kept } = face;
        faces.push(JSON.stringify({ ...face, image: path, image_type: path ? image.mime : null }));
        people.push({ ...kept, image: path });
        if (path && size !== undefined) images.push({ path, size, open: () => deps.faces.exportImage.open(image.key) });
      }
    }

    const qr = qrCodePng(account.qr_code);
    const index = exportIndexHtml({
      exportedAt,
      timeZone: exportTimeZone(timeZone),
      account: { username: account.username, email: account.email, phone: account.phone, license_id: account.license_id, createdAt: account.created_at, qrPath: qr ? QR_PATH : null },
      faces: people,
      contacts,
      glasses,
      helpers,
      activity,
    });
    const files = [
      { path: 'index.html', data: Buffer.from(index) },
      { path: 'account.json', data: jsonFile({ ...toSessionUser(account), QRCode: qr ? QR_PATH : null, isActive: Number(account.is_active) === 1 }) },
      ...(qr ? [{ path: QR_PATH, data: qr }] : []),
      { path: 'emergency-contacts.json', data: jsonFile({ email: account.email }, jsonList('emergency_contacts', contacts)) },
      { path: 'faces.json', data: jsonFile({}, { key: 'faces', entries: faces }) },
      { path: 'paired-glasses.json', data: jsonFile({}, jsonList('paired_glasses', glasses)) },
      { path: 'helpers.json', data: jsonFile({}, jsonList('helpers', helpers)) },
      { path: 'activity.json', data: jsonFile({}, jsonList('activity', activity)) },
    ];
    const { size, stream } = await zipArchive(files, images, exportedAt);
    deps.metrics?.exports.inc();
    return { fileName: exportFileName(exportedAt), size, stream };
  }

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
          accountClosedMail(account.email, {
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
