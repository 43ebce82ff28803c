import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { BlobStore } from '../blobs/blob-store.ts';
import { BLOBS_DIR, blobFiles, fileBlobStore } from '../blobs/file-blob-store.ts';
import { syncDirectory, TEMPORARY_PREFIX } from '../blobs/durable-files.ts';
import type { Config } from '../config.ts';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle, type Db } from '../db/database.ts';
import { type Finding } from './integrity.ts';
import { createTarWriter } from './tar.ts';
import {
  BackupError,
  backupMessages,
  countByKind,
  FORMAT,
  integrityOver,
  MANIFEST_NAME,
  SIGNATURE_NAME,
  signatureOf,
  VERSION,
  type IntegrityOver,
  type Manifest,
} from './backup-format.ts';

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
