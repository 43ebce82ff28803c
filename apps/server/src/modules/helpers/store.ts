import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { HelperAccountsTable, HelperLinksTable, HelperLinkStatus, HelperSessionsTable } from '../../db/schema.ts';
import { SIGNED_IN_USER_COLUMNS } from '../../db/signed-in-user.ts';

export type HelperAccountRow = Selectable<HelperAccountsTable>;
export type HelperLinkRow = Selectable<HelperLinksTable>;

export function findAccountByEmail(db: Executor, email: string) {
  return db.selectFrom('helper_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findAccount(db: Executor, id: string) {
  return db.selectFrom('helper_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAccount(db: Executor, account: HelperAccountRow): Promise<void> {
  await db.insertInto('helper_accounts').values(account).execute();
}

export async function setPassword(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('helper_accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function deleteAccount(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('helper_accounts').where('id', '=', id).execute();
}

/** Every link of the wearer, whatever became of it (the data download). */
export function listAllLinks(db: Executor, wearerId: string) {
  return db.selectFrom('helper_links').selectAll().where('wearer_id', '=', wearerId).orderBy('invited_at').orderBy('id').execute();
}

/** Invitations whose week has passed are expired: they no longer count or hold their address. */
export async function expireInvitations(db: Executor, now: string, wearerId?: string): Promise<number> {
  let query = db.updateTable('helper_links').set({ status: 'expired', ended_at: now }).where('status', '=', 'invited').where('expires_at', '<=', now);
  if (wearerId) query = query.where('wearer_id', '=', wearerId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a link from one status to another; false when it was not (or no longer) in `from`. */
export async function moveLink(db: Executor, id: string, from: HelperLinkStatus, change: Partial<Insertable<HelperLinksTable>>): Promise<boolean> {
  const result = await db.updateTable('helper_links').set(change).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The helper's active links, with each wearer's name and address, oldest first. */
export function activeWearersOf(db: Executor, helperId: string) {
  return db
    .selectFrom('helper_links')
    .innerJoin('users', 'users.uid', 'helper_links.wearer_id')
    .select(['helper_links.id', 'helper_links.name', 'users.uid', 'users.username', 'users.email', 'users.locale'])
    .where('helper_links.helper_id', '=', helperId)
    .where('helper_links.status', '=', 'active')
    .orderBy('helper_links.accepted_at')
    .execute();
}

/** The active helpers of a wearer, with their accounts' addresses. */
export function activeHelpersOf(db: Executor, wearerId: string) {
  return db
    .selectFrom('helper_links')
    .innerJoin('helper_accounts', 'helper_accounts.id', 'helper_links.helper_id')
    .select(['helper_links.id', 'helper_accounts.id as helper_id', 'helper_accounts.name', 'helper_accounts.email', 'helper_accounts.locale'])
    .where('helper_links.wearer_id', '=', wearerId)
    .where('helper_links.status', '=', 'active')
    .execute();
}

export function findActiveLink(db: Executor, helperId: string, wearerId: string) {
  return db
    .selectFrom('helper_links')
    .selectAll()
    .where('helper_id', '=', helperId)
    .where('wearer_id', '=', wearerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function deleteWearerLinks(db: Executor, wearerId: string): Promise<void> {
  await db.deleteFrom('helper_links').where('wearer_id', '=', wearerId).execute();
}

/** Links that ended (or invitations that expired) before `before`, in the given statuses. */
export async function deleteEndedLinks(db: Executor, statuses: HelperLinkStatus[], before: string): Promise<number> {
  const result = await db.deleteFrom('helper_links').where('status', 'in', statuses).where('ended_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertSession(db: Executor, session: Selectable<HelperSessionsTable>): Promise<void> {
  await db.insertInto('helper_sessions').values(session).execute();
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('helper_sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteHelperSessions(db: Executor, helperId: string, keepHash = ''): Promise<void> {
  await db.deleteFrom('helper_sessions').where('helper_id', '=', helperId).where('token_hash', '!=', keepHash).execute();
}

export async function setActingFor(db: Executor, tokenHash: string, wearerId: string | null): Promise<void> {
  await db.updateTable('helper_sessions').set({ acting_for: wearerId }).where('token_hash', '=', tokenHash).execute();
}

/** Sessions acting for this wearer (of this helper only, when given) act for nobody now. */
export async function releaseWearer(db: Executor, wearerId: string, helperId?: string): Promise<void> {
  let query = db.updateTable('helper_sessions').set({ acting_for: null }).where('acting_for', '=', wearerId);
  if (helperId) query = query.where('helper_id', '=', helperId);
  await query.execute();
}

export async function touchSession(db: Executor, tokenHash: string, usedAt: string, expiresAt: string): Promise<void> {
  await db.updateTable('helper_sessions').set({ last_used_at: usedAt, expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('helper_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A live helper session with its helper, the wearer it acts for (their whole caller record) and whether the link to
 * that wearer is still active: one read on every request a helper makes.
 */
export function findSession(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('helper_sessions')
    .innerJoin('helper_accounts', 'helper_accounts.id', 'helper_sessions.helper_id')
    .leftJoin('users', 'users.uid', 'helper_sessions.acting_for')
    .leftJoin('helper_links', (join) =>
      join
        .onRef('helper_links.helper_id', '=', 'helper_sessions.helper_id')
        .onRef('helper_links.wearer_id', '=', 'helper_sessions.acting_for')
        .on('helper_links.status', '=', 'active'),
    )
    .select([
      'helper_sessions.token_hash',
      'helper_sessions.created_at as session_created_at',
      'helper_sessions.last_used_at as session_used_at',
      'helper_accounts.id as helper_id',
      'helper_accounts.name as helper_name',
      'helper_accounts.email as helper_email',
      'helper_links.id as link_id',
      'helper_links.name as link_name',
    ])
    .select(SIGNED_IN_USER_COLUMNS)
    .where('helper_sessions.token_hash', '=', tokenHash)
    .where('helper_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** A new reset link; the helper's earlier ones keep their own hour, as a wearer's do (issue #34). */
export async function insertResetToken(db: Executor, row: { token_hash: string; helper_id: string; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto('helper_reset_tokens').values({ ...row, used_at: null }).execute();
}

/** Spends every reset link of a helper still open: once one has set a password, none other may. */
export async function retireResetTokens(db: Executor, helperId: string, now: string): Promise<void> {
  await db.updateTable('helper_reset_tokens').set({ used_at: now }).where('helper_id', '=', helperId).where('used_at', 'is', null).execute();
}

export function findResetToken(db: Executor, tokenHash: string) {
  return db.selectFrom('helper_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function consumeResetToken(db: Executor, tokenHash: string, now: string): Promise<boolean> {
  const result = await db.updateTable('helper_reset_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSpentResetTokens(db: Executor, expiredBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('helper_reset_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', expiredBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A wearer's name and address, for the e-mails that tell them what their helpers did. */
export function findWearer(db: Executor, uid: string) {
  return db.selectFrom('users').select(['username', 'email', 'locale']).where('uid', '=', uid).executeTakeFirst();
}
