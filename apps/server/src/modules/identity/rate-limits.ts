import { sql } from 'kysely';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../../db/database.ts';

/**
 * Fixed-window counters in the database, so every instance shares them.
 * Returns false once the key has been hit more than `limit.max` times in its window.
 */
export async function hit(db: Db, key: string, limit: RateLimit, now = new Date()): Promise<boolean> {
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits) <= limit.max;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Windows that have ended count as no row at all (`hit` starts a new one), so they can go. */
export async function deleteEnded(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
