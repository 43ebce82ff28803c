import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.ts';
import type { BlobStore } from './blob-store.ts';
import { checkKey } from './blob-keys.ts';

/** How much of a blob in the database one read fetches while streaming it. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/** Blobs in the database's blobs table (PostgreSQL), each write in the transaction of the row that names it. */
export function sqlBlobStore(db: Db): BlobStore {
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
