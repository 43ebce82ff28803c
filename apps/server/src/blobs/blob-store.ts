import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';

export interface Blob {
  data: Buffer;
  contentType: string;
}

/** Files by key: under DATA_DIR/blobs by default, in the blobs table when the records live in PostgreSQL. */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | undefined>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
  return key;
}

export function fileBlobStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'blobs');
  const where = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, data, contentType) {
      const file = where(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.writeFile(`${temp}.type`, contentType);
      await fs.rename(`${temp}.type`, `${file}.type`);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        const [data, contentType] = await Promise.all([fs.readFile(where(key)), fs.readFile(`${where(key)}.type`, 'utf8')]);
        return { data, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await Promise.all([fs.rm(where(key), { force: true }), fs.rm(`${where(key)}.type`, { force: true })]);
    },
  };
}

export function sqlBlobStore(db: Db): BlobStore {
  return {
    async put(key, data, contentType) {
      const row = { key: checkKey(key), data, content_type: contentType, created_at: new Date().toISOString() };
      await db
        .insertInto('blobs')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ data, content_type: contentType }))
        .execute();
    },
    async get(key) {
      const row = await db.selectFrom('blobs').select(['data', 'content_type']).where('key', '=', key).executeTakeFirst();
      return row ? { data: Buffer.from(row.data), contentType: row.content_type } : undefined;
    },
    async delete(key) {
      await db.deleteFrom('blobs').where('key', '=', key).execute();
    },
  };
}

/** The store that matches the records: PostgreSQL's blobs table when DATABASE_URL is set, files otherwise. */
export function blobStoreFor(config: { databaseUrl: string | undefined; dataDir: string }, db: Db): BlobStore {
  return config.databaseUrl ? sqlBlobStore(db) : fileBlobStore(config.dataDir);
}
