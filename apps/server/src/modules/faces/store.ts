import type { Insertable, Selectable } from 'kysely';
import { sql, type Db, type Executor } from '../../db/database.ts';
import type { FaceDeletionsTable, FacesTable } from '../../db/schema.ts';

export type FaceRow = Selectable<FacesTable>;

const LIST_COLUMNS = ['face_id', 'name', 'created_at', 'consent_at', 'consent_by'] as const;

export function listFaces(db: Db, userId: string) {
  return db.selectFrom('faces').select(LIST_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

export function findFace(db: Db, userId: string, faceId: string) {
  return db.selectFrom('faces').selectAll().where('user_id', '=', userId).where('face_id', '=', faceId).executeTakeFirst();
}

/** Whether the user has a face with this face_id; face_ids are unique per user, and another user's are never looked at. */
export async function faceIdExists(db: Executor, userId: string, faceId: string): Promise<boolean> {
  return (await db.selectFrom('faces').select('face_id').where('user_id', '=', userId).where('face_id', '=', faceId).executeTakeFirst()) !== undefined;
}

export async function countFaces(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('faces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findByNameKey(db: Db, userId: string, nameKey: string) {
  return db.selectFrom('faces').select(['face_id', 'name']).where('user_id', '=', userId).where('name_key', '=', nameKey).executeTakeFirst();
}

export async function insertFace(db: Executor, face: Insertable<FacesTable>): Promise<void> {
  await db.insertInto('faces').values(face).execute();
}

export async function renameFace(db: Executor, userId: string, faceId: string, change: { name: string; nameKey: string; seq: number; at: string }): Promise<void> {
  await db
    .updateTable('faces')
    .set({ name: change.name, name_key: change.nameKey, change_seq: change.seq, updated_at: change.at })
    .where('user_id', '=', userId)
    .where('face_id', '=', faceId)
    .execute();
}

/** A person whose photos changed: the glasses' next sync sends them again whole. */
export async function touchFace(db: Executor, userId: string, faceId: string, change: { seq: number; at: string }): Promise<void> {
  await db
    .updateTable('faces')
    .set({ change_seq: change.seq, updated_at: change.at })
    .where('user_id', '=', userId)
    .where('face_id', '=', faceId)
    .execute();
}

/** The person, their photos and the pairs they are kept apart in. */
export async function deleteFace(db: Executor, userId: string, faceId: string): Promise<boolean> {
  await db.deleteFrom('face_pairs_apart').where('user_id', '=', userId).where((eb) => eb.or([eb('face_a', '=', faceId), eb('face_b', '=', faceId)])).execute();
  await db.deleteFrom('face_photos').where('user_id', '=', userId).where('face_id', '=', faceId).execute();
  const result = await db.deleteFrom('faces').where('user_id', '=', userId).where('face_id', '=', faceId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The user's next change number. Run inside the change's transaction: the counter row stays locked until it commits,
 * so changes commit in number order and a reader that saw the counter at N sees every change up to N.
 */
export async function nextChangeSeq(trx: Executor, userId: string): Promise<number> {
  const row = await trx
    .insertInto('face_sync_counters')
    .values({ user_id: userId, seq: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ seq: sql<number>`face_sync_counters.seq + 1` }))
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The newest committed change number (0 before the first change) and the newest tombstone purged. */
export async function currentChangeSeq(db: Executor, userId: string): Promise<{ seq: number; purgedSeq: number }> {
  const row = await db.selectFrom('face_sync_counters').select(['seq', 'purged_seq']).where('user_id', '=', userId).executeTakeFirst();
  return { seq: Number(row?.seq ?? 0), purgedSeq: Number(row?.purged_seq ?? 0) };
}

/**
 * Forgets tombstones of faces deleted before `before`, noting for each account the newest one forgotten (a cursor
 * older than that has missed a deletion). Answers how many went.
 */
export async function purgeDeletions(db: Db, before: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const newest = await trx
      .selectFrom('face_deletions')
      .select(['user_id', (eb) => eb.fn.max('change_seq').as('seq')])
      .where('deleted_at', '<', before)
      .groupBy('user_id')
      .execute();
    for (const { user_id: userId, seq } of newest) {
      await trx.updateTable('face_sync_counters').set({ purged_seq: Number(seq) }).where('user_id', '=', userId).where('purged_seq', '<', Number(seq)).execute();
    }
    const result = await trx.deleteFrom('face_deletions').where('deleted_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

export async function recordDeletion(trx: Executor, deletion: Selectable<FaceDeletionsTable>): Promise<void> {
  await trx
    .insertInto('face_deletions')
    .values(deletion)
    .onConflict((oc) => oc.columns(['user_id', 'face_id']).doUpdateSet({ change_seq: deletion.change_seq, deleted_at: deletion.deleted_at }))
    .execute();
}

/** A face_id in use again is no longer deleted. */
export async function forgetDeletion(trx: Executor, userId: string, faceId: string): Promise<void> {
  await trx.deleteFrom('face_deletions').where('user_id', '=', userId).where('face_id', '=', faceId).execute();
}

/** People added, renamed or whose photos changed after change `after` up to `upTo`, in change order. */
export function changedFaces(db: Executor, userId: string, after: number, upTo: number) {
  return db
    .selectFrom('faces')
    .select(['face_id', 'name', 'updated_at'])
    .where('user_id', '=', userId)
    .where('change_seq', '>', after)
    .where('change_seq', '<=', upTo)
    .orderBy('change_seq')
    .execute();
}

/** Faces deleted after change `after` up to `upTo`. */
export async function deletedFaceIds(db: Executor, userId: string, after: number, upTo: number): Promise<string[]> {
  const rows = await db
    .selectFrom('face_deletions')
    .select('face_id')
    .where('user_id', '=', userId)
    .where('change_seq', '>', after)
    .where('change_seq', '<=', upTo)
    .orderBy('change_seq')
    .execute();
  return rows.map((row) => row.face_id);
}

/** A page of the user's faces for the data download (issue #12), oldest first, after `after` (the last face of the previous page). */
export function exportPage(db: Executor, userId: string, limit: number, after?: { created_at: string; face_id: string }) {
  let query = db
    .selectFrom('faces')
    .select(['face_id', 'name', 'consent_at', 'consent_by', 'created_at', 'updated_at'])
    .where('user_id', '=', userId);
  if (after) {
    query = query.where((eb) => eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('face_id', '>', after.face_id)])]));
  }
  return query.orderBy('created_at').orderBy('face_id').limit(limit).execute();
}

/** Every person and photo of the user, the glasses' tombstones and change counter (the account's deletion). */
export async function deleteUserFaces(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('face_pairs_apart').where('user_id', '=', userId).execute();
  await db.deleteFrom('face_photos').where('user_id', '=', userId).execute();
  await db.deleteFrom('faces').where('user_id', '=', userId).execute();
  await db.deleteFrom('face_deletions').where('user_id', '=', userId).execute();
  await db.deleteFrom('face_sync_counters').where('user_id', '=', userId).execute();
}
