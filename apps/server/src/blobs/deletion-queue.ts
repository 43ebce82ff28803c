import type { Db, Executor } from '../db/database.ts';
import type { BlobStore } from './blob-store.ts';

/** Keys written or drained per statement. */
const BATCH = 200;

/**
 * Blobs to delete once the records that named them are gone (issue #12). The keys are written in the same transaction
 * that deletes the records, so they commit together; the blobs are deleted after the commit, and each key leaves the
 * queue only once its blob is gone. A crash (or a failing disk) in between leaves the key queued, and the next drain
 * (after the next such commit, at start, and by housekeeping every few minutes) finishes the job. Deleting a blob
 * that is already gone is not an error, so several instances may drain at once.
 */
export function createBlobDeletionQueue({ db, blobs, now = () => new Date() }: { db: Db; blobs: BlobStore; now?: () => Date }) {
  async function deleteEach(keys: string[]): Promise<number> {
    for (const key of keys) {
      await blobs.delete(key);
      await db.deleteFrom('blob_deletions').where('key', '=', key).execute();
    }
    return keys.length;
  }

  return {
    /** Queues `keys` inside the transaction that forgets their records. */
    async enqueue(trx: Executor, keys: readonly string[]): Promise<void> {
      const queuedAt = now().toISOString();
      for (let at = 0; at < keys.length; at += BATCH) {
        const values = keys.slice(at, at + BATCH).map((key) => ({ key, queued_at: queuedAt }));
        await trx
          .insertInto('blob_deletions')
          .values(values)
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      }
    },

    /** Deletes these queued blobs now (the caller's transaction has just committed); answers how many. */
    deleteNow: (keys: readonly string[]) => deleteEach([...keys]),

    /** Deletes every queued blob; answers how many. */
    async drain(): Promise<number> {
      let done = 0;
      for (;;) {
        const rows = await db.selectFrom('blob_deletions').select('key').orderBy('queued_at').orderBy('key').limit(BATCH).execute();
        if (rows.length === 0) return done;
        done += await deleteEach(rows.map((row) => row.key));
      }
    },

    /** How many blobs wait to be deleted and since when the oldest has (the metrics' scrape reads it). */
    async backlog(): Promise<{ length: number; oldestQueuedAt: string | undefined }> {
      const row = await db
        .selectFrom('blob_deletions')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('queued_at').as('oldest')])
        .executeTakeFirstOrThrow();
      return { length: Number(row.n), oldestQueuedAt: row.oldest ?? undefined };
    },

    /** How many blobs wait to be deleted. */
    async pending(): Promise<number> {
      const row = await db
        .selectFrom('blob_deletions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type BlobDeletionQueue = ReturnType<typeof createBlobDeletionQueue>;
