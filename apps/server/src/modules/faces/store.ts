import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FacesTable } from '../../db/schema.ts';

export type FaceRow = Selectable<FacesTable>;

const LIST_COLUMNS = ['face_id', 'name', 'created_at'] as const;

export function listFaces(db: Db, userId: string) {
  return db.selectFrom('faces').select(LIST_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

export function findFace(db: Db, userId: string, faceId: string) {
  return db.selectFrom('faces').selectAll().where('user_id', '=', userId).where('face_id', '=', faceId).executeTakeFirst();
}

export async function faceIdExists(db: Db, faceId: string): Promise<boolean> {
  return (await db.selectFrom('faces').select('face_id').where('face_id', '=', faceId).executeTakeFirst()) !== undefined;
}

export function findByNameKey(db: Db, userId: string, nameKey: string) {
  return db.selectFrom('faces').select(['face_id', 'name']).where('user_id', '=', userId).where('name_key', '=', nameKey).executeTakeFirst();
}

export function descriptors(db: Db, userId: string) {
  return db.selectFrom('faces').select(['face_id', 'name', 'descriptor']).where('user_id', '=', userId).execute();
}

export async function insertFace(db: Db, face: FaceRow): Promise<void> {
  await db.insertInto('faces').values(face).execute();
}

export async function renameFace(db: Db, userId: string, faceId: string, name: string, nameKey: string): Promise<void> {
  await db.updateTable('faces').set({ name, name_key: nameKey }).where('user_id', '=', userId).where('face_id', '=', faceId).execute();
}

export async function deleteFace(db: Db, userId: string, faceId: string): Promise<boolean> {
  const result = await db.deleteFrom('faces').where('user_id', '=', userId).where('face_id', '=', faceId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
