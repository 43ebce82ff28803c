// The SQL of invitations: sending and cancelling them, the wearer's list, the link a helper opens, and how many an
// address was sent (D-073). The rest of the helpers' SQL is in store.ts.
import type { Executor } from '../../db/database.ts';
import type { HelperLinkStatus } from '../../db/schema.ts';
import type { HelperLinkRow } from './store.ts';

/** Invitations still open and links still active: what counts towards a wearer's five. */
const OPEN: HelperLinkStatus[] = ['invited', 'active'];

export async function insertLink(db: Executor, link: HelperLinkRow): Promise<void> {
  await db.insertInto('helper_links').values(link).execute();
}

export function findLinkByToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('helper_links')
    .innerJoin('users', 'users.uid', 'helper_links.wearer_id')
    .selectAll('helper_links')
    .select(['users.username as wearer_username', 'users.email as wearer_email', 'users.locale as wearer_locale'])
    .where('helper_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The wearer's open invitations and active helpers, oldest first; `now` leaves out invitations that have expired. */
export function listOpenLinks(db: Executor, wearerId: string, now: string) {
  return db
    .selectFrom('helper_links')
    .selectAll()
    .where('wearer_id', '=', wearerId)
    .where((eb) => eb.or([eb('status', '=', 'active'), eb.and([eb('status', '=', 'invited'), eb('expires_at', '>', now)])]))
    .orderBy('invited_at')
    .orderBy('id')
    .execute();
}

export function findOpenLink(db: Executor, wearerId: string, id: string) {
  return db.selectFrom('helper_links').selectAll().where('wearer_id', '=', wearerId).where('id', '=', id).where('status', 'in', OPEN).executeTakeFirst();
}

export function findOpenLinkByEmail(db: Executor, wearerId: string, email: string) {
  return db.selectFrom('helper_links').select(['status']).where('wearer_id', '=', wearerId).where('email', '=', email).where('status', 'in', OPEN).executeTakeFirst();
}

/**
 * Locks the wearer's open links until the transaction ends (a write that changes nothing): a second invitation
 * waits, then counts the first one's row, so two at once cannot pass the limit together (PostgreSQL; SQLite runs one
 * writer at a time anyway).
 */
export async function lockOpenLinks(db: Executor, wearerId: string): Promise<void> {
  await db
    .updateTable('helper_links')
    .set((eb) => ({ wearer_id: eb.ref('wearer_id') }))
    .where('wearer_id', '=', wearerId)
    .where('status', 'in', OPEN)
    .execute();
}

export async function countOpenLinks(db: Executor, wearerId: string): Promise<number> {
  const row = await db
    .selectFrom('helper_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('wearer_id', '=', wearerId)
    .where('status', 'in', OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many invitations `email` was sent since `since` (D-073): by `wearerId` when given, cancelled ones included (each
 * was an e-mail); otherwise by every wearer, leaving out those cancelled.
 */
export async function countSentTo(db: Executor, email: string, since: string, wearerId?: string): Promise<number> {
  let query = db.selectFrom('helper_links').select((eb) => eb.fn.countAll<number | string>().as('n')).where('email', '=', email).where('invited_at', '>', since);
  query = wearerId === undefined ? query.where('status', '!=', 'cancelled') : query.where('wearer_id', '=', wearerId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function deleteLink(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('helper_links').where('id', '=', id).execute();
}
