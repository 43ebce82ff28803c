import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { BLOBS_DIR, fileBlobStore } from '../blobs/file-blob-store.ts';
import { isTemporary, makeDirectoryDurably, syncDirectory, TEMPORARY_PREFIX } from '../blobs/durable-files.ts';
import type { Config } from '../config.ts';
import { openDatabase, SQLITE_FILE_NAME } from '../db/database.ts';
import { keepDataDirPrivate, PRIVATE_FILE_MODE } from '../private-files.ts';
import { describeFinding } from './integrity.ts';
import { readTar, type TarEntry } from './tar.ts';
import {
  BackupError,
  backupMessages,
  countByKind,
  FORMAT,
  integrityOver,
  MANIFEST_NAME,
  SIGNATURE_NAME,
  signedWith,
  VERSION,
  type IntegrityOver,
  type Manifest,
} from './backup-format.ts';

interface RestoreSummary {
  dataDir: string;
  createdAt: string;
  records: Record<string, number>;
  blobs: number;
  /** Its signature was checked against BACKUP_KEY (unset: only damage was checked). */
  verified: boolean;
  /** What was done to DATA_DIR's own mode, when it was more open than 0700 (keepDataDirPrivate). */
  dataDirMode: string | undefined;
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
    let summary: Omit<RestoreSummary, 'dataDirMode'>;
    try {
      const integrity = integrityOver(build, config, restored, fileBlobStore(staging, restored.db));
      // Every blob in a backup is named by one of its records, so any unnamed blob counts, however new.
      const report = await integrity.check({ orphansStoredBefore: new Date(Date.now() + 60_000) });
      if (report.findings.length > 0) throw damaged(`its records and blobs disagree: ${report.findings.map(describeFinding).join('; ')}`);
      summary = { dataDir, createdAt: manifest.createdAt, records: countByKind(await integrity.namedBlobs()), blobs: report.blobs, verified: Boolean(config.backupKey) };
    } finally {
      await restored.close();
    }
    // A folder the operator made for it is usually 0755: made the portal's own before anything is moved in.
    const dataDirMode = await keepDataDirPrivate(dataDir);
    for (const name of await fsp.readdir(staging)) await fsp.rename(path.join(staging, name), path.join(dataDir, name));
    await syncDirectory(dataDir);
    return { ...summary, dataDirMode };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
