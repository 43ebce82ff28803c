import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AuthTokensTable, SessionsTable, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export function findUserByLicenseKey(db: Executor, licenseKey: string) {
  return db.selectFrom('users').selectAll().where('license_key', '=', licenseKey).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, uid: string) {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export async function insertUser(db: Executor, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Executor, uid: string, changes: Partial<UserRow>): Promise<void> {
  await db.updateTable('users').set(changes).where('uid', '=', uid).execute();
}

export async function insertToken(db: Executor, token: Selectable<AuthTokensTable>): Promise<void> {
  await db.insertInto('auth_tokens').values(token).execute();
}

export function findToken(db: Executor, hash: string, purpose: AuthTokensTable['purpose']) {
  return db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst();
}

/** Marks a token used; false when another request used it first. */
export async function consumeToken(db: Executor, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function retireTokens(db: Executor, userId: string, purpose: AuthTokensTable['purpose'], now: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertSession(db: Executor, session: Selectable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<string | undefined> {
  const row = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function countUserSessions(db: Executor, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sign-ups never verified and made at or before `createdBefore` (their e-mail, license ID and everything made with
 * them go; nothing else can hang on an account that never signed in); only those that hold `clash`'s e-mail or
 * license key when given. Answers how many.
 */
export async function deleteExpiredSignUps(db: Executor, createdBefore: string, clash?: { email: string; licenseKey: string }): Promise<number> {
  let query = db.deleteFrom('users').where('is_verified', '=', 0).where('created_at', '<=', createdBefore);
  if (clash) query = query.where((eb) => eb.or([eb('email', '=', clash.email), eb('license_key', '=', clash.licenseKey)]));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUser(db: Executor, uid: string): Promise<void> {
  await db.deleteFrom('users').where('uid', '=', uid).execute();
}

export async function deleteExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Links used (or retired by a newer one), and links that expired before `expiredBefore`. */
export async function deleteSpentTokens(db: Executor, expiredBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', expiredBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live sessions (issue #12: 'Signed-in browsers'), most recently used first. */
export function listUserSessions(db: Executor, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['token_hash', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends the user's session with this hash (never another user's); answers whether there was one. */
export async function deleteUserSession(db: Executor, userId: string, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends every session of the user but `keepHash`; answers how many. */
export async function deleteOtherSessions(db: Executor, userId: string, keepHash: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserTokens(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
}
