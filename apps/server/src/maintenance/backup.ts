import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BLOBS_DIR, blobFiles, fileBlobStore, type BlobStore } from '../blobs/blob-store.ts';
import { isTemporary, makeDirectoryDurably, syncDirectory, TEMPORARY_PREFIX } from '../blobs/durable-files.ts';
import type { Config } from '../config.ts';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle, type Db } from '../db/database.ts';
import { createMetrics } from '../metrics/portal-metrics.ts';
import type { Infrastructure } from '../infrastructure.ts';
import { PRIVATE_FILE_MODE } from '../private-files.ts';
import { describeFinding, type Finding, type Integrity } from './integrity.ts';
import { createTarWriter, readTar, type TarEntry } from './tar.ts';

/**
 * Backup of the embedded install: one POSIX tar holding the DATA_DIR layout, so `tar -xf` alone would also restore it:
 *   blobs/<key>, blobs/<key>.type   every blob a backed-up record names, and only those
 *   seva.sqlite                     SQLite's online backup, taken first
 *   seva-backup.json                format, time, and the size and SHA-256 of every file above
 *   seva-backup.json.sig            with BACKUP_KEY set: the manifest's HMAC-SHA256 under that key (last)
 * The manifest detects damage; its signature, made with a key kept outside DATA_DIR, detects a changed backup (D-039).
 */
const MANIFEST_NAME = 'seva-backup.json';
const SIGNATURE_NAME = 'seva-backup.json.sig';
const SIGNATURE_PREFIX = 'hmac-sha256:';

const signatureOf = (manifest: Buffer, key: string) => `${SIGNATURE_PREFIX}${createHmac('sha256', key).update(manifest).digest('hex')}`;

/** Whether `signature` is the manifest's under `key`, compared in constant time. */
function signedWith(manifest: Buffer, signature: string, key: string): boolean {
  const expected = Buffer.from(signatureOf(manifest, key));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
const FORMAT = 'seva-backup';
const VERSION = 1;

interface Manifest {
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

interface BackupSummary {
  file: string;
  bytes: number;
  createdAt: string;
  records: Record<string, number>;
  blobs: number;
  /** Records deleted while the backup ran, left out with their blob (as just after their deletion). */
  leftOut: string[];
  /** The manifest carries its signature under BACKUP_KEY. */
  signed: boolean;
}

/** Copies every page at once: a single step sees one state of the database, however busy the server is. */
const ALL_PAGES = 0x7fffffff;

/** The live blobs as the snapshot's services see them: read as they are; forgetting a record touches only the snapshot. */
function snapshotBlobs(live: BlobStore, db: Db): BlobStore {
  const refuse = async (): Promise<never> => {
    throw new Error('A backup never writes blobs');
  };
  return {
    ...live,
    put: refuse,
    putWith: refuse,
    delete: async () => {},
    deleteWith: (_key, forget) => db.transaction().execute(forget),
    sweepTemporary: async () => 0,
  };
}

/**
 * How a backup or restore checks a copy's records against its blobs: the caller builds the integrity check from the
 * copy's infrastructure (the CLI: the same services the server builds), so maintenance never builds services itself.
 */
export type IntegrityOver = (infrastructure: Infrastructure) => Integrity;

/** The integrity check over a database copy (a snapshot or a restore): no mail, no face engine. */
function integrityOver(build: IntegrityOver, config: Config, database: DatabaseHandle, blobs: BlobStore): Integrity {
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

const countByKind = (entries: Array<{ kind: string }>) =>
  entries.reduce<Record<string, number>>((counts, { kind }) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {});

/** Leaves a SQLite copy in one self-contained file: its write-ahead log folded in and switched off. */
function foldWal(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent copy of the embedded install to `file` while the server may run and write: the records first,
 * with SQLite's online backup, then the blobs those records name. A blob deleted in between means its record was
 * deleted too; that record is left out of the copy. The archive is written beside `file` and renamed into place.
 */
export async function backupEmbeddedInstall(config: Config, file: string, build: IntegrityOver): Promise<BackupSummary> {
  if (config.databaseUrl) throw new BackupError(backupMessages.postgres);
  const liveDatabase = path.join(config.dataDir, SQLITE_FILE_NAME);
  if (!fs.existsSync(liveDatabase)) throw new BackupError(backupMessages.noInstall(config.dataDir));
  const target = path.resolve(file);
  const dir = path.dirname(target);
  if (!fs.existsSync(dir)) throw new BackupError(`The folder for the backup does not exist: ${dir}`);

  const staging = await fsp.mkdtemp(path.join(dir, `${TEMPORARY_PREFIX}seva-backup-`));
  const snapshotFile = path.join(staging, SQLITE_FILE_NAME);
  let snapshot: DatabaseHandle | undefined;
  let archive: Awaited<ReturnType<typeof createTarWriter>> | undefined;
  try {
    archive = await createTarWriter(path.join(staging, 'backup.tar'));
    const source = new SQLite(liveDatabase, { fileMustExist: true });
    try {
      await source.backup(snapshotFile, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    const createdAt = new Date().toISOString();

    snapshot = await openDatabase({ dataDir: staging, databaseUrl: undefined, databaseSchema: undefined });
    const live = fileBlobStore(config.dataDir, snapshot.db);
    const integrity = integrityOver(build, config, snapshot, snapshotBlobs(live, snapshot.db));
    const named = await integrity.namedBlobs();
    const lost: Finding[] = [];
    let blobs = 0;
    for (const entry of named) {
      const blob = await live.get(entry.key);
      if (!blob) {
        lost.push({ problem: 'missing-blob', ...entry });
        continue;
      }
      for (const part of blobFiles(entry.key, blob)) await archive.addBuffer(`${BLOBS_DIR}/${part.path}`, part.data);
      blobs += 1;
    }
    const leftOut = await integrity.repair(lost);
    const kept = lost.length === 0 ? named : await integrity.namedBlobs();
    await snapshot.close();
    snapshot = undefined;
    foldWal(snapshotFile);

    await archive.addFile(SQLITE_FILE_NAME, snapshotFile);
    const manifest: Manifest = { format: FORMAT, version: VERSION, createdAt, records: countByKind(kept), files: [...archive.entries] };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await archive.addBuffer(MANIFEST_NAME, manifestBytes);
    if (config.backupKey) await archive.addBuffer(SIGNATURE_NAME, Buffer.from(`${signatureOf(manifestBytes, config.backupKey)}\n`));
    await archive.finish();
    await fsp.rename(path.join(staging, 'backup.tar'), target);
    await syncDirectory(dir);
    return { file: target, bytes: fs.statSync(target).size, createdAt, records: manifest.records, blobs, leftOut, signed: Boolean(config.backupKey) };
  } finally {
    await archive?.discard();
    await snapshot?.close();
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

interface RestoreSummary {
  dataDir: string;
  createdAt: string;
  records: Record<string, number>;
  blobs: number;
  /** Its signature was checked against BACKUP_KEY (unset: only damage was checked). */
  verified: boolean;
}

/** Names a backup may hold: its manifest, the database, and blob files under blobs/ (no way out of DATA_DIR). */
function isEntryName(name: string): boolean {
  const parts = name.split('/');
  const safe = parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
  return safe && (name === MANIFEST_NAME || name === SIGNATURE_NAME || name === SQLITE_FILE_NAME || (parts[0] === BLOBS_DIR && parts.length > 1));
}

function parseManifest(text: string, damaged: (why: string) => BackupError): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw damaged(`its ${MANIFEST_NAME} is not JSON`);
  }
  if (manifest.format !== FORMAT) throw damaged(`its ${MANIFEST_NAME} is not a ${FORMAT} manifest`);
  if (manifest.version !== VERSION) throw damaged(`format version ${String(manifest.version)} is not one this portal reads (${VERSION})`);
  if (!Array.isArray(manifest.files) || typeof manifest.createdAt !== 'string') throw damaged(`its ${MANIFEST_NAME} is incomplete`);
  return manifest as Manifest;
}

/** An empty DATA_DIR, or one that holds only what an interrupted restore left (removed here). */
async function checkEmpty(dataDir: string): Promise<void> {
  const entries = fs.existsSync(dataDir) ? await fsp.readdir(dataDir) : [];
  const leftovers = entries.filter(isTemporary);
  if (entries.length > leftovers.length) throw new BackupError(backupMessages.notEmpty(dataDir));
  for (const leftover of leftovers) await fsp.rm(path.join(dataDir, leftover), { recursive: true, force: true });
}

/**
 * Brings a backup back into an empty DATA_DIR: unpacks it into a temporary folder inside DATA_DIR, checks every file
 * against the manifest and the records against the blobs, then moves the files into place. A failure leaves DATA_DIR
 * empty.
 */
export async function restoreEmbeddedInstall(config: Config, file: string, build: IntegrityOver): Promise<RestoreSummary> {
  if (config.databaseUrl) throw new BackupError(backupMessages.restorePostgres);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new BackupError(backupMessages.notFound(file));
  const dataDir = config.dataDir;
  await checkEmpty(dataDir);
  await makeDirectoryDurably(dataDir);
  const staging = await fsp.mkdtemp(path.join(dataDir, `${TEMPORARY_PREFIX}seva-restore-`));
  const damaged = (why: string) => new BackupError(backupMessages.notBackup(file, why));
  try {
    const unpacked: TarEntry[] = [];
    let manifestBytes: Buffer | undefined;
    let signature: string | undefined;
    const dirs = new Set<string>();
    await readTar(file, async ({ name, size }, chunks) => {
      if (!isEntryName(name)) throw damaged(`unexpected entry ${JSON.stringify(name)}`);
      if (name === MANIFEST_NAME || name === SIGNATURE_NAME) {
        const parts: Buffer[] = [];
        for await (const chunk of chunks) parts.push(chunk);
        if (name === MANIFEST_NAME) manifestBytes = Buffer.concat(parts);
        else signature = Buffer.concat(parts).toString('utf8');
        return;
      }
      const destination = path.join(staging, name);
      await makeDirectoryDurably(path.dirname(destination));
      dirs.add(path.dirname(destination));
      const hash = createHash('sha256');
      const output = await fsp.open(destination, 'wx', PRIVATE_FILE_MODE);
      try {
        for await (const chunk of chunks) {
          hash.update(chunk);
          await output.write(chunk);
        }
        await output.sync();
      } finally {
        await output.close();
      }
      unpacked.push({ name, size, sha256: hash.digest('hex') });
    }).catch((error: unknown) => {
      throw error instanceof BackupError ? error : damaged((error as Error).message);
    });
    if (manifestBytes === undefined) throw damaged(`it has no ${MANIFEST_NAME}`);
    if (config.backupKey) {
      if (signature === undefined) throw new BackupError(backupMessages.unsigned(file));
      if (!signedWith(manifestBytes, signature, config.backupKey)) throw new BackupError(backupMessages.badSignature(file));
    }
    const manifest = parseManifest(manifestBytes.toString('utf8'), damaged);
    const expected = new Map(manifest.files.map((entry) => [entry.name, entry]));
    for (const entry of unpacked) {
      const listed = expected.get(entry.name);
      if (!listed) throw damaged(`${entry.name} is not in its manifest`);
      if (listed.size !== entry.size || listed.sha256 !== entry.sha256) throw damaged(`${entry.name} does not match its manifest`);
      expected.delete(entry.name);
    }
    if (expected.size > 0) throw damaged(`${[...expected.keys()][0]} is missing`);
    if (!unpacked.some((entry) => entry.name === SQLITE_FILE_NAME)) throw damaged(`it holds no ${SQLITE_FILE_NAME}`);
    for (const dir of dirs) await syncDirectory(dir);

    const restored = await openDatabase({ dataDir: staging, databaseUrl: undefined, databaseSchema: undefined });
    let summary: RestoreSummary;
    try {
      const integrity = integrityOver(build, config, restored, fileBlobStore(staging, restored.db));
      // Every blob in a backup is named by one of its records, so any unnamed blob counts, however new.
      const report = await integrity.check({ orphansStoredBefore: new Date(Date.now() + 60_000) });
      if (report.findings.length > 0) throw damaged(`its records and blobs disagree: ${report.findings.map(describeFinding).join('; ')}`);
      summary = { dataDir, createdAt: manifest.createdAt, records: countByKind(await integrity.namedBlobs()), blobs: report.blobs, verified: Boolean(config.backupKey) };
    } finally {
      await restored.close();
    }
    for (const name of await fsp.readdir(staging)) await fsp.rename(path.join(staging, name), path.join(dataDir, name));
    await syncDirectory(dataDir);
    return summary;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
