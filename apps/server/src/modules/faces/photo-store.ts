import type { Insertable, Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { FacePhotosTable } from '../../db/schema.ts';

/** The photos of people (issue #32): each names its person, its picture and its description. */
export type PhotoRow = Selectable<FacePhotosTable>;

const SHOWN_COLUMNS = ['photo_id', 'face_id', 'added_at', 'added_by', 'quality', 'face_x', 'face_y', 'face_width', 'face_height', 'image_width', 'image_height'] as const;

/** Every photo of the user, each person's oldest first: what the face list counts and shows. */
export function userPhotos(db: Executor, userId: string) {
  return db.selectFrom('face_photos').select(SHOWN_COLUMNS).where('user_id', '=', userId).orderBy('added_at').orderBy('photo_id').execute();
}

/** One person's photos, oldest first. */
export function personPhotos(db: Executor, userId: string, faceId: string) {
  return db
    .selectFrom('face_photos')
    .select([...SHOWN_COLUMNS, 'image_key', 'mime'])
    .where('user_id', '=', userId)
    .where('face_id', '=', faceId)
    .orderBy('added_at')
    .orderBy('photo_id')
    .execute();
}

export async function countPhotos(db: Executor, userId: string, faceId: string): Promise<number> {
  const row = await db
    .selectFrom('face_photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('face_id', '=', faceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPhoto(db: Executor, userId: string, faceId: string, photoId: string) {
  return db
    .selectFrom('face_photos')
    .select(['photo_id', 'face_id', 'user_id', 'image_key', 'mime'])
    .where('user_id', '=', userId)
    .where('face_id', '=', faceId)
    .where('photo_id', '=', photoId)
    .executeTakeFirst();
}

export async function insertPhoto(db: Executor, photo: Insertable<FacePhotosTable>): Promise<void> {
  await db.insertInto('face_photos').values(photo).execute();
}

export async function deletePhoto(db: Executor, userId: string, photoId: string): Promise<boolean> {
  const result = await db.deleteFrom('face_photos').where('user_id', '=', userId).where('photo_id', '=', photoId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The descriptions recognition compares with: every photo of the user described by `modelVersion`, with its person's name. */
export function descriptions(db: Executor, userId: string, modelVersion: string) {
  return db
    .selectFrom('face_photos')
    .innerJoin('faces', (join) => join.onRef('faces.user_id', '=', 'face_photos.user_id').onRef('faces.face_id', '=', 'face_photos.face_id'))
    .select(['face_photos.face_id', 'faces.name', 'face_photos.photo_id', 'face_photos.descriptor'])
    .where('face_photos.user_id', '=', userId)
    .where('face_photos.model_version', '=', modelVersion)
    .execute();
}

/** The descriptions of some people's photos described by `modelVersion` (the glasses' sync), oldest first. */
export function descriptionsOf(db: Executor, userId: string, faceIds: readonly string[], modelVersion: string) {
  if (faceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('face_photos')
    .select(['face_id', 'photo_id', 'descriptor'])
    .where('user_id', '=', userId)
    .where('face_id', 'in', faceIds)
    .where('model_version', '=', modelVersion)
    .orderBy('added_at')
    .orderBy('photo_id')
    .execute();
}

/** The image keys of one person's photos, or of all the user's when `faceId` is absent. */
export async function imageKeysOf(db: Executor, userId: string, faceId?: string): Promise<string[]> {
  let query = db.selectFrom('face_photos').select('image_key').where('user_id', '=', userId);
  if (faceId) query = query.where('face_id', '=', faceId);
  return (await query.execute()).map((row) => row.image_key);
}

/** Every photo's image key, for the integrity check. */
export function allImageKeys(db: Executor) {
  return db
    .selectFrom('face_photos')
    .innerJoin('faces', (join) => join.onRef('faces.user_id', '=', 'face_photos.user_id').onRef('faces.face_id', '=', 'face_photos.face_id'))
    .select(['face_photos.photo_id', 'face_photos.face_id', 'face_photos.user_id', 'faces.name', 'face_photos.image_key'])
    .execute();
}

export function findByImageKey(db: Executor, imageKey: string) {
  return db.selectFrom('face_photos').select(['photo_id', 'face_id', 'user_id', 'image_key']).where('image_key', '=', imageKey).executeTakeFirst();
}

/** The photos of some people for the data download, each person's oldest first. */
export function exportPhotos(db: Executor, userId: string, faceIds: readonly string[]) {
  if (faceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('face_photos')
    .select(['photo_id', 'face_id', 'added_at', 'added_by', 'quality', 'model_version', 'descriptor', 'image_key', 'mime'])
    .where('user_id', '=', userId)
    .where('face_id', 'in', faceIds)
    .orderBy('added_at')
    .orderBy('photo_id')
    .execute();
}

/**
 * Photos not yet described by `modelVersion` after `after` (a photo id), a page at a time: re-describing survives a
 * restart, as what is done is no longer listed.
 */
export function photosToRedescribe(db: Db, modelVersion: string, after: string, limit: number) {
  return db
    .selectFrom('face_photos')
    .select(['photo_id', 'user_id', 'face_id', 'image_key', 'face_x', 'face_y', 'face_width', 'face_height'])
    .where('model_version', '!=', modelVersion)
    .where('photo_id', '>', after)
    .orderBy('photo_id')
    .limit(limit)
    .execute();
}

export async function countPhotosToRedescribe(db: Db, modelVersion: string): Promise<{ left: number; total: number }> {
  const row = await db
    .selectFrom('face_photos')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('model_version', '!=', modelVersion).then(1).else(0).end()).as('left')])
    .executeTakeFirstOrThrow();
  return { left: Number(row.left ?? 0), total: Number(row.total) };
}

export async function redescribePhoto(db: Executor, photoId: string, change: { descriptor: Buffer; modelVersion: string }): Promise<boolean> {
  const result = await db
    .updateTable('face_photos')
    .set({ descriptor: change.descriptor, model_version: change.modelVersion })
    .where('photo_id', '=', photoId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The pairs of the user's people the wearer said are different. */
export async function pairsApart(db: Executor, userId: string): Promise<{ a: string; b: string }[]> {
  return (await db.selectFrom('face_pairs_apart').select(['face_a as a', 'face_b as b']).where('user_id', '=', userId).execute());
}

/** Remembers that two people are different; the pair is kept in one order, so it is kept once. */
export async function keepApart(db: Executor, userId: string, one: string, other: string, at: string): Promise<void> {
  const [faceA, faceB] = one < other ? [one, other] : [other, one];
  await db
    .insertInto('face_pairs_apart')
    .values({ user_id: userId, face_a: faceA, face_b: faceB, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'face_a', 'face_b']).doNothing())
    .execute();
}
