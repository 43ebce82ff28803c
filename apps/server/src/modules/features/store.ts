import { sql, type Executor } from '../../db/database.ts';

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

/** Every version the user's paired glasses report, one row per glasses and feature. */
export function listInstalledVersions(db: Executor, userId: string) {
  return db.selectFrom('installed_features').select(['db_key', 'version']).where('user_id', '=', userId).execute();
}

/** Replaces what one pair of glasses reports running, in one transaction with the caller's other writes. */
export async function replaceInstalled(trx: Executor, device: { id: string; userId: string }, versions: ReadonlyArray<[string, string]>, now: string): Promise<void> {
  await trx.deleteFrom('installed_features').where('device_id', '=', device.id).execute();
  if (versions.length === 0) return;
  await trx
    .insertInto('installed_features')
    .values(versions.map(([dbKey, version]) => ({ device_id: device.id, user_id: device.userId, db_key: dbKey, version, reported_at: now })))
    .execute();
}

/** The feature links' change number, moved on in the change's transaction; answers the new one. */
export async function nextLinksSeq(trx: Executor): Promise<number> {
  const row = await trx
    .insertInto('sync_counters')
    .values({ name: 'features', seq: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ seq: sql<number>`sync_counters.seq + 1` }))
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The feature links' newest change number (0 before the first change). */
export async function linksSeq(db: Executor): Promise<number> {
  const row = await db.selectFrom('sync_counters').select('seq').where('name', '=', 'features').executeTakeFirst();
  return Number(row?.seq ?? 0);
}
