import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PreparedReads } from '../../db/prepared-reads.ts';
import type { AuthTokensTable, Database, UsersTable } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database> | Kysely<Database>;
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

/** SPEC §7: the face/emergency document made at registration, with no faces and no contacts. */
export async function insertSosFace(db: Executor, userId: string, email: string, now: string): Promise<void> {
  await db
    .insertInto('sos_face')
    .values({ user_id: userId, email, emergency_contacts: '[]', created_at: now, updated_at: now })
    .execute();
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

export async function insertSession(db: Executor, session: { token_hash: string; user_id: string; created_at: string; expires_at: string; user_agent: string | null }): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** What a request knows of its user: the record without its secrets or its QR image. */
export type SessionRow = Omit<UserRow, 'password_hash' | 'qr_code'>;
const SESSION_COLUMNS = [
  'users.uid',
  'users.email',
  'users.username',
  'users.phone',
  'users.license_id',
  'users.license_key',
  'users.created_at',
  'users.is_active',
  'users.is_verified',
  'users.is_logged_in',
  'users.role',
  'users.access_level',
  'users.last_login_time',
  'users.last_login_device',
  'users.version',
] as const;

function sessionUserQuery(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uid', 'sessions.user_id')
    .select(SESSION_COLUMNS)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

/**
 * The user of a live session, asked by nearly every request: compiled once (building it anew halved the session
 * check's throughput, D-006) and run as one of the database's prepared reads (D-009).
 */
export function sessionUserLookup(db: Db, reads: PreparedReads): (tokenHash: string, now: string) => Promise<SessionRow | undefined> {
  const compiled = sessionUserQuery(db, '$token', '$now').compile();
  if (compiled.parameters.join() !== '$token,$now') throw new Error('Unexpected session query parameters');
  const firstRow = reads.firstRow<SessionRow>(compiled);
  return (tokenHash, now) => firstRow([tokenHash, now]);
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

export async function deleteUser(db: Executor, uid: string): Promise<void> {
  await db.deleteFrom('users').where('uid', '=', uid).execute();
}
