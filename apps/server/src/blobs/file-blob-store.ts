import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { isTemporary, makeDirectoryDurably, syncDirectory, writeTemporary } from './durable-files.ts';
import type { Blob, BlobStore, StoredBlob } from './blob-store.ts';
import { checkKey, isKey, TYPE_SUFFIX } from './blob-keys.ts';

/** The file store's root under DATA_DIR. */
export const BLOBS_DIR = 'blobs';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
/** What removing a folder answers when a write or another blob keeps it, or another removal got there first. */
const FOLDER_IN_USE = new Set(['ENOTEMPTY', 'EEXIST', 'ENOENT']);
/** Times a write makes its folder again when a deletion removed it meanwhile. */
const FOLDER_ATTEMPTS = 3;

/**
 * Each blob is two files, `KEY` and `KEY.type` (its content type). `put` writes both to temporary files, flushes them,
 * renames the type and then the data into place and flushes the directory: a blob exists once its data file does.
 */
export function fileBlobStore(dataDir: string, db: Db): BlobStore {
  const root = path.join(dataDir, BLOBS_DIR);
  const where = (key: string) => path.join(root, checkKey(key));

  async function put(key: string, data: Buffer, contentType: string): Promise<void> {
    const file = where(key);
    const dir = path.dirname(file);
    const temps: string[] = [];
    try {
      const typeTemp = await inFolder(dir, () => writeTemporary(`${file}${TYPE_SUFFIX}`, contentType));
      temps.push(typeTemp);
      const dataTemp = await writeTemporary(file, data);
      temps.push(dataTemp);
      await fs.rename(typeTemp, `${file}${TYPE_SUFFIX}`);
      await fs.rename(dataTemp, file);
    } catch (error) {
      await Promise.all(temps.map((temp) => fs.rm(temp, { force: true })));
      throw error;
    }
    await syncDirectory(dir);
  }

  /**
   * Makes `dir` and runs `write` in it. Deleting the last blob of a folder removes it (removeEmptyFolders), which may
   * happen between the two; the folder is then made again. Once `write` has put a file there, nothing removes it.
   */
  async function inFolder<T>(dir: string, write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await makeDirectoryDurably(dir);
        return await write();
      } catch (error) {
        if (!isMissing(error) || attempt === FOLDER_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Data first: once it is gone the blob is gone, and a crash before the type file goes leaves only that. Then the
   * folders it leaves empty (a person's face folder after its last picture), up to the root.
   */
  async function remove(key: string): Promise<void> {
    await fs.rm(where(key), { force: true });
    await fs.rm(`${where(key)}${TYPE_SUFFIX}`, { force: true });
    await removeEmptyFolders(path.dirname(where(key)));
  }

  /**
   * Removes `dir` and each folder above it below the root while they are empty. A folder that is not (a write arrived,
   * or another blob remains: ENOTEMPTY, EEXIST on some systems) or is already gone (ENOENT) ends the walk quietly.
   */
  async function removeEmptyFolders(dir: string): Promise<void> {
    for (let current = dir; current !== root && current.startsWith(`${root}${path.sep}`); current = path.dirname(current)) {
      try {
        await fs.rmdir(current);
      } catch (error) {
        if (FOLDER_IN_USE.has((error as NodeJS.ErrnoException).code ?? '')) return;
        throw error;
      }
    }
  }

  /** Every file under the root, as paths relative to it with `/`. */
  async function walk(): Promise<string[]> {
    try {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  return {
    put,
    async get(key) {
      try {
        const data = await fs.readFile(where(key));
        const contentType = await fs.readFile(`${where(key)}${TYPE_SUFFIX}`, 'utf8').catch((error: unknown) => {
          if (isMissing(error)) return 'application/octet-stream';
          throw error;
        });
        return { data, contentType };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    delete: remove,
    async size(key) {
      try {
        return (await fs.stat(where(key))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async stream(key, range) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(where(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async putWith(key, data, contentType, record) {
      await put(key, data, contentType);
      try {
        return await db.transaction().execute(record);
      } catch (error) {
        await remove(key);
        throw error;
      }
    },
    async deleteWith(key, forget) {
      const forgotten = await db.transaction().execute(forget);
      if (forgotten) await remove(key);
      return forgotten;
    },
    async list() {
      const blobs: StoredBlob[] = [];
      for (const file of await walk()) {
        if (file.endsWith(TYPE_SUFFIX) || isTemporary(path.posix.basename(file)) || !isKey(file)) continue;
        try {
          blobs.push({ key: file, storedAt: (await fs.stat(path.join(root, file))).mtime.toISOString() });
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return blobs;
    },
    async sweepTemporary() {
      const files = await walk();
      const present = new Set(files);
      // A type file whose data file is missing is what a crash between the two renames (or two removals) leaves.
      const leftovers = files.filter(
        (file) => isTemporary(path.posix.basename(file)) || (file.endsWith(TYPE_SUFFIX) && !present.has(file.slice(0, -TYPE_SUFFIX.length))),
      );
      for (const file of leftovers) await fs.rm(path.join(root, file), { force: true });
      return leftovers.length;
    },
    async strays() {
      const files = await walk();
      const isStray = (file: string) => !isTemporary(path.posix.basename(file)) && !isKey(file.endsWith(TYPE_SUFFIX) ? file.slice(0, -TYPE_SUFFIX.length) : file);
      return files.filter(isStray).map((file) => `${BLOBS_DIR}/${file}`);
    },
  };
}

/** The files a blob is under the file store's root (DATA_DIR/blobs): a backup archives them by these names. */
export function blobFiles(key: string, blob: Blob): Array<{ path: string; data: Buffer }> {
  return [
    { path: checkKey(key), data: blob.data },
    { path: `${key}${TYPE_SUFFIX}`, data: Buffer.from(blob.contentType) },
  ];
}
