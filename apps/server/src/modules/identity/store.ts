import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AuthTokensTable, UsersTable } from '../../db/schema.ts';

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

/** How many links of `purpose` the account was sent since `since` (used or not). */
export async function countTokensSince(db: Executor, userId: string, purpose: AuthTokensTable['purpose'], since: string): Promise<number> {
  const row = await db
    .selectFrom('auth_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** Links used (or retired by a newer one), and links that expired before `expiredBefore`. */
export async function deleteSpentTokens(db: Executor, expiredBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', expiredBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserTokens(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
}
