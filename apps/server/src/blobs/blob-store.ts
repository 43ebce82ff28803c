import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { isTemporary, makeDirectoryDurably, syncDirectory, writeTemporary } from './durable-files.ts';

export interface Blob {
  data: Buffer;
  contentType: string;
}

/** A stored blob as the integrity check and the backup see it. */
interface StoredBlob {
  key: string;
  /** When it was written (ISO). */
  storedAt: string;
}

/**
 * Files by key: under DATA_DIR/blobs by default, in the blobs table when the records live in PostgreSQL.
 * A record that names a blob is written with `putWith` and removed with `deleteWith`, so that no crash leaves a record
 * without its blob: at worst a blob without a record, which the start-up sweep and `admin check --repair` remove.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Stores the blob durably, then runs `record` in a transaction, which writes the row that names it: the row commits
   * only once the blob is on disk, and a `record` that throws leaves no blob. On PostgreSQL the blob is in that transaction.
   */
  putWith<T>(key: string, data: Buffer, contentType: string, record: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs `forget` in a transaction, which deletes the row that names the blob, then (when it answers true) the blob;
   * on PostgreSQL in that transaction. A `forget` that throws keeps both.
   */
  deleteWith(key: string, forget: (trx: Transaction<Database>) => Promise<boolean>): Promise<boolean>;
  /** Every stored blob. */
  list(): Promise<StoredBlob[]>;
  /** Removes what writes interrupted by a crash left (temporary files); answers how many. Only at start. */
  sweepTemporary(): Promise<number>;
  /**
   * Files under the store that are no blob of the portal's (a desktop's `.DS_Store`): never listed, deleted or backed
   * up, only reported; paths relative to DATA_DIR.
   */
  strays(): Promise<string[]>;
  /** The blob's size in bytes without reading it, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /**
   * The blob's bytes, or those of `range` (first and last byte, inclusive), read a piece at a time so that memory
   * does not grow with the blob; undefined when there is none.
   */
  stream(key: string, range?: ByteRange): Promise<Readable | undefined>;
}

/** Bytes `start` to `end` of a blob, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** How much of a blob in the database one read fetches while streaming it. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/**
 * A kind of record that names blobs (faces their image, manuals their PDF), as the integrity check and the backup see
 * it. Each module that keeps blobs hands one to services.ts.
 */
export interface BlobRecords {
  /** What one record is called in a report: 'face', 'manual'. */
  kind: string;
  /** Every record of this kind: the key it names and how a report describes the record. */
  list(): Promise<Array<{ key: string; record: string }>>;
  /** Deletes the record that names `key` (its blob is lost), as the module deletes one; false when there was none. */
  forget(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
const TYPE_SUFFIX = '.type';
/** The file store's root under DATA_DIR. */
export const BLOBS_DIR = 'blobs';

/** Segments start with a letter or digit (never a temporary file's dot) and no key ends like a content-type file. */
const isKey = (key: string) => KEY_PATTERN.test(key) && !key.includes('..') && !key.endsWith(TYPE_SUFFIX);

function checkKey(key: string): string {
  if (!isKey(key)) throw new Error(`Invalid blob key: ${key}`);
  return key;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

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
    await makeDirectoryDurably(dir);
    const temps: string[] = [];
    try {
      const typeTemp = await writeTemporary(`${file}${TYPE_SUFFIX}`, contentType);
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

  /** Data first: once it is gone the blob is gone, and a crash before the type file goes leaves only that. */
  async function remove(key: string): Promise<void> {
    await fs.rm(where(key), { force: true });
    await fs.rm(`${where(key)}${TYPE_SUFFIX}`, { force: true });
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

function sqlBlobStore(db: Db): BlobStore {
  async function put(executor: Executor, key: string, data: Buffer, contentType: string): Promise<void> {
    const row = { key: checkKey(key), data, content_type: contentType, created_at: new Date().toISOString() };
    await executor
      .insertInto('blobs')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ data, content_type: contentType }))
      .execute();
  }
  const remove = async (executor: Executor, key: string) => {
    await executor.deleteFrom('blobs').where('key', '=', key).execute();
  };

  return {
    put: (key, data, contentType) => put(db, key, data, contentType),
    async get(key) {
      const row = await db.selectFrom('blobs').select(['data', 'content_type']).where('key', '=', key).executeTakeFirst();
      return row ? { data: Buffer.from(row.data), contentType: row.content_type } : undefined;
    },
    delete: (key) => remove(db, key),
    size: (key) => sqlBlobSize(db, key),
    async stream(key, range) {
      const size = await sqlBlobSize(db, key);
      if (size === undefined) return undefined;
      const { start, end } = range ?? { start: 0, end: size - 1 };
      // substr() reads only the bytes asked for (blobs are stored uncompressed, out of line: migration 005).
      async function* chunks() {
        for (let at = start; at <= end; at += STREAM_CHUNK_BYTES) {
          const length = Math.min(STREAM_CHUNK_BYTES, end - at + 1);
          const row = await db
            .selectFrom('blobs')
            .select(sql<Buffer>`substr(data, ${at + 1}, ${length})`.as('chunk'))
            .where('key', '=', key)
            .executeTakeFirst();
          if (!row) throw new Error(`Blob ${key} was deleted while it was read`);
          yield Buffer.from(row.chunk);
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    putWith(key, data, contentType, record) {
      return db.transaction().execute(async (trx) => {
        await put(trx, key, data, contentType);
        return record(trx);
      });
    },
    deleteWith(key, forget) {
      return db.transaction().execute(async (trx) => {
        const forgotten = await forget(trx);
        if (forgotten) await remove(trx, key);
        return forgotten;
      });
    },
    async list() {
      const rows = await db.selectFrom('blobs').select(['key', 'created_at']).execute();
      return rows.map((row) => ({ key: row.key, storedAt: row.created_at }));
    },
    async sweepTemporary() {
      return 0;
    },
    async strays() {
      return [];
    },
  };
}

async function sqlBlobSize(db: Db, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('blobs')
    .select(sql<number>`length(data)`.as('size'))
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.size) : undefined;
}

/** The store that matches the records: PostgreSQL's blobs table when DATABASE_URL is set, files otherwise. */
export function blobStoreFor(config: { databaseUrl: string | undefined; dataDir: string }, db: Db): BlobStore {
  return config.databaseUrl ? sqlBlobStore(db) : fileBlobStore(config.dataDir, db);
}
