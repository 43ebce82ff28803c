import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Config } from '../config.ts';
import { SQLITE_FILE_NAME, type DatabaseHandle } from '../db/database.ts';
import { createMetrics } from '../metrics/portal-metrics.ts';
import type { Infrastructure } from '../infrastructure.ts';
import { type Integrity } from './integrity.ts';

/**
 * Backup of the embedded install: one POSIX tar holding the DATA_DIR layout, so `tar -xf` alone would also restore it:
 *   blobs/<key>, blobs/<key>.type   every blob a backed-up record names, and only those
 *   seva.sqlite                     SQLite's online backup, taken first
 *   seva-backup.json                format, time, and the size and SHA-256 of every file above
 *   seva-backup.json.sig            with BACKUP_KEY set: the manifest's HMAC-SHA256 under that key (last)
 * The manifest detects damage; its signature, made with a key kept outside DATA_DIR, detects a changed backup (D-039).
 */
export const MANIFEST_NAME = 'seva-backup.json';
export const SIGNATURE_NAME = 'seva-backup.json.sig';
const SIGNATURE_PREFIX = 'hmac-sha256:';

export const signatureOf = (manifest: Buffer, key: string) => `${SIGNATURE_PREFIX}${createHmac('sha256', key).update(manifest).digest('hex')}`;

/** Whether `signature` is the manifest's under `key`, compared in constant time. */
export function signedWith(manifest: Buffer, signature: string, key: string): boolean {
  const expected = Buffer.from(signatureOf(manifest, key));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
export const FORMAT = 'seva-backup';
export const VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  records: Record<string, number>;
  files: Array<{ name: string; size: number; sha256: string }>;
}

/** Something the operator can act on; printed as it is. */
export class BackupError extends Error {}

export const backupMessages = {
  postgres:
    'DATABASE_URL is set: records and blobs (face images, manuals) all live in PostgreSQL, so back it up with pg_dump, ' +
    'e.g. pg_dump --format=custom --file=seva.dump "$DATABASE_URL", and restore with pg_restore (README, "Running on PostgreSQL").',
  restorePostgres: 'DATABASE_URL is set: a PostgreSQL install is restored with pg_restore from a pg_dump file, not with this command.',
  noInstall: (dataDir: string) => `There is no embedded install to back up in ${dataDir} (no ${SQLITE_FILE_NAME}).`,
  notEmpty: (dataDir: string) =>
    `DATA_DIR ${dataDir} is not empty. restore only fills an empty or new directory, so that it never overwrites data: ` +
    'move the current data away or point DATA_DIR at a new directory.',
  notFound: (file: string) => `Backup file not found: ${file}`,
  notBackup: (file: string, why: string) => `${file} is not a SEVA backup, or it is damaged: ${why}`,
  unsigned: (file: string) => `${file} is not signed, and BACKUP_KEY is set: only a backup signed with that key is restored. Nothing was restored.`,
  badSignature: (file: string) =>
    `${file} was not signed with this BACKUP_KEY, or it has been changed since it was made: it is not restored. Nothing was restored.`,
} as const;

/**
 * How a backup or restore checks a copy's records against its blobs: the caller builds the integrity check from the
 * copy's infrastructure (the CLI: the same services the server builds), so maintenance never builds services itself.
 */
export type IntegrityOver = (infrastructure: Infrastructure) => Integrity;

/** The integrity check over a database copy (a snapshot or a restore): no mail, no face engine. */
export function integrityOver(build: IntegrityOver, config: Config, database: DatabaseHandle, blobs: BlobStore): Integrity {
  const infrastructure: Infrastructure = {
    config,
    database,
    blobs,
    mailer: {
      send: async () => {
        throw new Error('No mail is sent from a backup or restore');
      },
    },
    faceEngine: () => {
      throw new Error('No face is analysed in a backup or restore');
    },
    // A copy has no glasses listening: its changes are told to no one.
    changeFeed: { announce: async () => {}, subscribe: () => () => {}, close: async () => {} },
    metrics: createMetrics({ enabled: false }),
    close: () => database.close(),
  };
  return build(infrastructure);
}

export const countByKind = (entries: Array<{ kind: string }>) =>
  entries.reduce<Record<string, number>>((counts, { kind }) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {});
