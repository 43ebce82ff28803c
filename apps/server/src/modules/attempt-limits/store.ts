import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';

/**
 * Fixed-window counters in the database, so every instance shares them.
 * Counts one more hit on `key` and answers the hits in its window so far (1 for the first).
 */
export async function count(db: Db, key: string, windowSeconds: number, now = new Date()): Promise<number> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000).toISOString();
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
  return Number(row.hits);
}

/** The hits `key` has had in its current window, without counting one (0 when its window has ended). */
export async function current(db: Db, key: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('rate_limits').select('hits').where('key', '=', key).where('reset_at', '>', now.toISOString()).executeTakeFirst();
  return Number(row?.hits ?? 0);
}

/** Takes one hit back (an attempt counted in advance that turned out not to count). */
export async function takeBack(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes every counter whose key starts with `prefix`. */
export async function clearPrefix(db: Db, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db.deleteFrom('rate_limits').where(sql<boolean>`key like ${pattern} escape '\\'`).execute();
}

/** Windows that have ended count as no row at all (`count` starts a new one), so they can go. */
export async function deleteEnded(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes every counter that names one of `accounts` (an e-mail, a license key, a user id) as its account part, the
 * last part of a key or the one before an address ('signUp:account:a@b.example', 'signIn:pair:lic-1:10.0.0.0/24'):
 * a deleted account leaves no trace in the counters (issue #12).
 */
export async function clearAccounts(db: Executor, accounts: readonly string[]): Promise<void> {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  for (const account of accounts) {
    const last = `%:${escape(account)}`;
    const beforeAddress = `%:${escape(account)}:%`;
    await db.deleteFrom('rate_limits').where(sql<boolean>`(key like ${last} escape '\\' or key like ${beforeAddress} escape '\\')`).execute();
  }
}
