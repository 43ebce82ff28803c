import type { Executor } from '../identity/store.ts';

export function listLinks(db: Executor) {
  return db.selectFrom('seva_applications').select(['db_key', 'download_url']).execute();
}

export function findLink(db: Executor, dbKey: string) {
  return db.selectFrom('seva_applications').select('download_url').where('db_key', '=', dbKey).executeTakeFirst();
}

export async function upsertLink(db: Executor, dbKey: string, url: string, now: string): Promise<void> {
  await db
    .insertInto('seva_applications')
    .values({ db_key: dbKey, download_url: url, updated_at: now })
    .onConflict((oc) => oc.column('db_key').doUpdateSet({ download_url: url, updated_at: now }))
    .execute();
}

/** Removes a feature's link; true when there was one. */
export async function deleteLink(db: Executor, dbKey: string): Promise<boolean> {
  const result = await db.deleteFrom('seva_applications').where('db_key', '=', dbKey).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
