import type { Db, Executor } from '../db/database.ts';
import type { BlobStore } from './blob-store.ts';

/** Keys written or drained per statement. */
const BATCH = 200;

/** The wait after a key's first failed deletion; it doubles with each further failure, up to `MAX_RETRY_MS`. */
export const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** A key still queued this long after it was queued is reported by `admin check`. */
export const STUCK_AFTER_MS = 60 * 60 * 1000;

const retryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Blobs to delete once the records that named them are gone (issue #12). The keys are written in the same transaction
 * that deletes the records, so they commit together; the blobs are deleted after the commit, and each key leaves the
 * queue only once its blob is gone. A crash (or a failing disk) in between leaves the key queued, and the next drain
 * (after the next such commit, at start, and by housekeeping every few minutes) finishes the job. Deleting a blob
 * that is already gone is not an error, so several instances may drain at once. A key whose deletion fails is logged
 * and retried with back-off (1 minute, doubling, at most an hour apart); it never holds up the keys behind it.
 */
export function createBlobDeletionQueue({ db, blobs, now = () => new Date(), warn = () => {} }: { db: Db; blobs: BlobStore; now?: () => Date; warn?: (line: string) => void }) {
  async function deleteEach(keys: string[]): Promise<number> {
    let done = 0;
    for (const key of keys) {
      try {
        await blobs.delete(key);
      } catch (error) {
        await postpone(key, error);
        continue;
      }
      await db.deleteFrom('blob_deletions').where('key', '=', key).execute();
      done += 1;
    }
    return done;
  }

  async function postpone(key: string, error: unknown): Promise<void> {
    const row = await db.selectFrom('blob_deletions').select('attempts').where('key', '=', key).executeTakeFirst();
    const attempts = Number(row?.attempts ?? 0) + 1;
    const retryAt = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
    await db.updateTable('blob_deletions').set({ attempts, retry_at: retryAt }).where('key', '=', key).execute();
    warn(`blob deletion queue: deleting ${key} failed (attempt ${attempts}: ${(error as Error).message}); retrying after ${retryAt}`);
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

    /** Deletes every queued blob whose retry time has come; answers how many went. */
    async drain(): Promise<number> {
      let done = 0;
      // A key that fails moves its retry time past `at`, so each key is tried at most once per drain.
      const at = now().toISOString();
      for (;;) {
        const rows = await db
          .selectFrom('blob_deletions')
          .select('key')
          .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', at)]))
          .orderBy('queued_at')
          .orderBy('key')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) return done;
        const deleted = await deleteEach(rows.map((row) => row.key));
        done += deleted;
        if (deleted === 0 && rows.length < BATCH) return done;
      }
    },

    /** Keys queued before `STUCK_AFTER_MS` ago and still there: what `admin check` reports. */
    async stuck(): Promise<Array<{ key: string; queuedAt: string; attempts: number }>> {
      const before = new Date(now().getTime() - STUCK_AFTER_MS).toISOString();
      const rows = await db.selectFrom('blob_deletions').select(['key', 'queued_at', 'attempts']).where('queued_at', '<=', before).orderBy('queued_at').execute();
      return rows.map((row) => ({ key: row.key, queuedAt: row.queued_at, attempts: Number(row.attempts) }));
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
