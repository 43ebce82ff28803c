import type { Executor } from '../../db/database.ts';

/** The user's emergency_contacts JSON text, or undefined when the sos_face row is missing. */
export async function findContactsJson(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('sos_face').select('emergency_contacts').where('user_id', '=', userId).executeTakeFirst();
  return row?.emergency_contacts;
}

/** Replaces the whole list in one statement; makes the sos_face row when registration left none. */
export async function saveContactsJson(db: Executor, row: { userId: string; email: string; json: string; now: string }): Promise<void> {
  await db
    .insertInto('sos_face')
    .values({ user_id: row.userId, email: row.email, emergency_contacts: row.json, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: row.email, emergency_contacts: row.json, updated_at: row.now }))
    .execute();
}

/** The account's deletion: the user's sos_face row. */
export async function deleteDocument(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sos_face').where('user_id', '=', userId).execute();
}

/** product §7: the face/emergency document made at registration, with no contacts. */
export async function insertEmptyDocument(db: Executor, row: { userId: string; email: string; now: string }): Promise<void> {
  await db
    .insertInto('sos_face')
    .values({ user_id: row.userId, email: row.email, emergency_contacts: '[]', created_at: row.now, updated_at: row.now })
    .execute();
}
