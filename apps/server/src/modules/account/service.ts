import type { Readable } from 'node:stream';
import type { ActivityEvent, BrowserSession } from '@seva/shared';
import type { BlobDeletionQueue } from '../../blobs/deletion-queue.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ActivityService } from '../activity/service.ts';
import type { ContactsService } from '../contacts/service.ts';
import type { DevicesService } from '../devices/service.ts';
import type { FacesService } from '../faces/service.ts';
import type { HelpersService } from '../helpers/service.ts';
import type { Caller, IdentityService } from '../identity/service.ts';
import { toSessionUser } from '../identity/session-user.ts';
import { accountDeletedMail } from './emails.ts';
import { exportReadme } from './export-readme.ts';
import { zipArchive, type LazyFile } from './zip-archive.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';

/** One module's rows of a user, deleted inside the account deletion's transaction. */
export type EraseUser = (trx: Executor, userId: string) => Promise<void>;

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  identity: Pick<IdentityService, 'account' | 'browserSessions' | 'endBrowserSession' | 'endOtherBrowserSessions' | 'confirmPassword'>;
  contacts: Pick<ContactsService, 'list'>;
  faces: Pick<FacesService, 'exportPages' | 'exportImage'>;
  devices: Pick<DevicesService, 'list'>;
  activity: Pick<ActivityService, 'record' | 'history'>;
  /** Issue #18: the wearer's helpers for helpers.json, and telling them once the account is gone. */
  helpers?: Pick<HelpersService, 'exportFor' | 'beforeWearerDeleted'>;
  /** Every module's part of an account, in order: those that hang on the user record first, identity's (the record) last. */
  erasers: EraseUser[];
  /** Blobs of deleted records: drained once the deletion has committed. */
  blobDeletions: Pick<BlobDeletionQueue, 'drain'>;
  /** Exports and deletions counted for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'exports' | 'deletions'>;
  now?: () => Date;
}

/** What the data download is called: `seva-data-YYYY-MM-DD.zip`, the day (UTC) it was made. */
export const exportFileName = (at: Date) => `seva-data-${at.toISOString().slice(0, 10)}.zip`;

const IMAGE_EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

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

  return {
    sessions: (user: SignedInUser, currentToken: string | undefined): Promise<BrowserSession[]> => identity.browserSessions(user.uid, currentToken),
    endSession: (user: SignedInUser, sessionId: string): Promise<string> => identity.endBrowserSession(user.uid, sessionId),
    endOtherSessions: (user: SignedInUser, currentToken: string | undefined): Promise<number> => identity.endOtherBrowserSessions(user.uid, currentToken),

    /**
     * The data download, `device` being the browser that asks (noted first, so the download is in its own
     * activity.json). The faces are read a page at a time into faces.json (about 1.3 KB a face: 1.3 MB at the
     * 1,000-face limit), and their pictures only when the archive reaches them, one at a time: memory does not grow
     * with the pictures, and the archive's length is known before its first byte.
     */
    async exportArchive(user: SignedInUser, device: string): Promise<{ fileName: string; size: number; stream: Readable }> {
      await deps.activity.record(user.uid, 'data-downloaded', device);
      const exportedAt = now();
      const account = await identity.account(user.uid);
      const contacts = await deps.contacts.list(user);
      const glasses = await deps.devices.list(user);
      const helpers = (await deps.helpers?.exportFor(user.uid)) ?? [];
      const events: ActivityEvent[] = [];
      for await (const page of deps.activity.history(user.uid)) events.push(...page);

      // Each face is written to its line of faces.json as it is read; only the lines are kept.
      const faces: string[] = [];
      const images: LazyFile[] = [];
      for await (const page of deps.faces.exportPages(user.uid)) {
        for (const face of page) {
          const size = await deps.faces.exportImage.size(face.image.key);
          const path = size === undefined ? null : `faces/${face.face_id}.${IMAGE_EXTENSION[face.image.mime] ?? 'jpg'}`;
          const { image, ...kept } = face;
          faces.push(JSON.stringify({ ...kept, image: path, image_type: path ? image.mime : null }));
          if (path && size !== undefined) images.push({ path, size, open: () => deps.faces.exportImage.open(image.key) });
        }
      }

      const files = [
        { path: 'README.txt', data: Buffer.from(exportReadme({ exportedAt: exportedAt.toISOString(), faces: faces.length, imagesMissing: faces.length - images.length, withGlasses: true })) },
        { path: 'account.json', data: jsonFile({ ...toSessionUser(account), isActive: Number(account.is_active) === 1 }) },
        { path: 'emergency-contacts.json', data: jsonFile({ email: account.email }, jsonList('emergency_contacts', contacts)) },
        { path: 'faces.json', data: jsonFile({}, { key: 'faces', entries: faces }) },
        { path: 'paired-glasses.json', data: jsonFile({}, jsonList('paired_glasses', glasses.map((g) => ({ name: g.name, paired_at: g.pairedAt, last_seen_at: g.lastSeenAt })))) },
        { path: 'helpers.json', data: jsonFile({}, jsonList('helpers', helpers)) },
        { path: 'activity.json', data: jsonFile({}, jsonList('activity', events.map((e) => ({ event: e.label, kind: e.kind, at: e.at, device: e.device, ...(e.helper ? { helper: e.helper } : {}) })))) },
      ];
      const { size, stream } = await zipArchive(files, images, exportedAt);
      deps.metrics?.exports.inc();
      return { fileName: exportFileName(exportedAt), size, stream };
    },

    /**
     * Deletes the account once its password is confirmed (a wrong one: 'Invalid password', nothing erased): every
     * module's rows in one transaction, then the pictures through the deletion queue (a crash in between leaves their
     * keys queued, and the next drain deletes them), then a confirmation e-mail. Every session and glasses token ends
     * with its row, so the next request with any of them gets 401.
     */
    async deleteAccount(user: SignedInUser, password: string, caller: Caller): Promise<void> {
      await identity.confirmPassword(user.uid, password, caller);
      const account = await identity.account(user.uid);
      const tellHelpers = await deps.helpers?.beforeWearerDeleted(user.uid);
      await db.transaction().execute(async (trx) => {
        for (const erase of deps.erasers) await erase(trx, user.uid);
      });
      deps.metrics?.deletions.inc();
      try {
        await deps.blobDeletions.drain();
      } catch {
        // Still queued: the next drain (at start, by housekeeping) deletes them.
      }
      try {
        await deps.mailer.send(
          accountDeletedMail(account.email, { username: account.username, licenseId: account.license_id, deletedAt: now(), signUpUrl: `${deps.config.publicUrl}/signup` }),
        );
      } catch {
        // The account is gone whether or not the confirmation could be sent.
      }
      await tellHelpers?.();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
