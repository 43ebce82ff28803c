import type { Readable } from 'node:stream';
import type { ActivityEvent } from '@seva/shared';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { ActivityService } from '../activity/service.ts';
import type { ContactsService } from '../contacts/service.ts';
import type { DevicesService } from '../devices/service.ts';
import type { FacesService } from '../faces/service.ts';
import type { HelpersService } from '../helpers/service.ts';
import type { IdentityService } from '../identity/service.ts';
import { toSessionUser } from '../sessions/session-user.ts';
import { uniqueFileNames } from './export-file-names.ts';
import { exportIndexHtml, exportTimeZone, type ExportIndex } from './export-index.ts';
import { zipArchive, type LazyFile } from './zip-archive.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';

/** What the data download reads, each module through its own service. */
interface ArchiveSources {
  identity: Pick<IdentityService, 'account'>;
  contacts: Pick<ContactsService, 'list'>;
  faces: Pick<FacesService, 'exportPages' | 'exportImage'>;
  devices: Pick<DevicesService, 'list'>;
  activity: Pick<ActivityService, 'record' | 'history'>;
  helpers?: Pick<HelpersService, 'exportFor'>;
  metrics?: Pick<PortalMetrics, 'exports'>;
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

/** The archive of everything the portal holds about the user, its pictures read as it is sent. */
export function createArchiveBuilder(deps: ArchiveSources, now: () => Date) {
  const { identity } = deps;
  return async function buildArchive(user: SignedInUser, device: string, timeZone: string | undefined): Promise<{ fileName: string; size: number; stream: Readable }> {
    await deps.activity.record(user.uid, 'data-downloaded', device);
    const exportedAt = now();
    const account = await identity.account(user.uid);
    const contacts = await deps.contacts.list(user);
    const glasses = (await deps.devices.list(user)).map((g) => ({ name: g.name, paired_at: g.pairedAt, last_seen_at: g.lastSeenAt }));
    const helpers = (await deps.helpers?.exportFor(user.uid)) ?? [];
    const events: ActivityEvent[] = [];
    for await (const page of deps.activity.history(user.uid)) events.push(...page);
    const activity = events.map((e) => ({ event: e.label, kind: e.kind, at: e.at, device: e.device, ...(e.helper ? { helper: e.helper } : {}) }));

    // Each person is written to their line of faces.json as they are read; only the lines (and what index.html shows) are kept.
    const faces: string[] = [];
    const people: ExportIndex['faces'] = [];
    const images: LazyFile[] = [];
    const photoPath = uniqueFileNames('faces');
    for await (const page of deps.faces.exportPages(user.uid)) {
      for (const { photos, ...face } of page) {
        const kept = [];
        // Each photo is named after its person and its place: 'Asha Rao 1.jpg', 'Asha Rao 2.jpg' (issue #32).
        for (const [i, photo] of photos.entries()) {
          const size = await deps.faces.exportImage.size(photo.image.key);
          const path = size === undefined ? null : photoPath(`${face.name} ${i + 1}`, IMAGE_EXTENSION[photo.image.mime] ?? 'jpg');
          kept.push({ ...photo, image: path, image_type: path ? photo.image.mime : null });
          if (path && size !== undefined) images.push({ path, size, open: () => deps.faces.exportImage.open(photo.image.key) });
        }
        faces.push(JSON.stringify({ ...face, photos: kept }));
        people.push({ ...face, photos: kept.map((photo) => ({ image: photo.image, added_at: photo.added_at, added_by: photo.added_by })) });
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
  };
}
