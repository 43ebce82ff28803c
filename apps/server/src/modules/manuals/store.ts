import type { Selectable } from 'kysely';
import type { ManualsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/database.ts';

export type ManualRow = Selectable<ManualsTable>;

export async function insertManual(db: Executor, row: ManualRow): Promise<void> {
  await db.insertInto('manuals').values(row).execute();
}

/** Newest first by time_created; a NULL time_created (unreadable metadata) counts as the oldest (product §4). */
export function listManualsNewestFirst(db: Executor) {
  return db
    .selectFrom('manuals')
    .selectAll()
    .orderBy('time_created', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The manual with this id. An id holding U+0000 names none: no id of ours has one, and PostgreSQL text cannot. */
export async function findManual(db: Executor, id: string) {
  if (id.includes('\u0000')) return undefined;
  return db.selectFrom('manuals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countManuals(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('manuals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteManualByBlobKey(db: Executor, blobKey: string): Promise<boolean> {
  const result = await db.deleteFrom('manuals').where('blob_key', '=', blobKey).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
