import type { Insertable, Selectable } from 'kysely';
import { sql, type Db, type Executor } from '../../db/database.ts';
import type { DeviceAuthorizationsTable, DevicesTable } from '../../db/schema.ts';
import { SIGNED_IN_USER_COLUMNS, type SignedInUser } from '../../db/signed-in-user.ts';

export type AuthorizationRow = Selectable<DeviceAuthorizationsTable>;
export type DeviceRow = Selectable<DevicesTable>;

export async function insertAuthorization(db: Executor, row: Insertable<DeviceAuthorizationsTable>): Promise<void> {
  await db.insertInto('device_authorizations').values(row).execute();
}

export function findAuthorizationByDeviceCode(db: Executor, deviceCodeHash: string) {
  return db.selectFrom('device_authorizations').selectAll().where('device_code_hash', '=', deviceCodeHash).executeTakeFirst();
}

export function findAuthorizationByUserCode(db: Executor, userCode: string) {
  return db.selectFrom('device_authorizations').selectAll().where('user_code', '=', userCode).executeTakeFirst();
}

/** Forgets authorizations that expired before `before`: their user codes become free again. Answers how many. */
export async function purgeAuthorizations(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('device_authorizations').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records a poll if the previous one was at or before `notAfter`; false when the device polls too fast. */
export async function recordPoll(db: Executor, deviceCodeHash: string, now: string, notAfter: string): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ last_polled_at: now })
    .where('device_code_hash', '=', deviceCodeHash)
    .where((eb) => eb.or([eb('last_polled_at', 'is', null), eb('last_polled_at', '<=', notAfter)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** RFC 8628 §3.5 slow_down: this device code's interval grows by `stepSeconds` for every later poll. */
export async function slowDown(db: Executor, deviceCodeHash: string, now: string, stepSeconds: number): Promise<number> {
  const row = await db
    .updateTable('device_authorizations')
    .set({ last_polled_at: now, interval_seconds: sql<number>`interval_seconds + ${stepSeconds}` })
    .where('device_code_hash', '=', deviceCodeHash)
    .returning('interval_seconds')
    .executeTakeFirstOrThrow();
  return Number(row.interval_seconds);
}

/** The user's answer to a pending, unexpired code; false when someone answered first or it expired meanwhile. */
/** Takes back an 'Allow' whose owner could not be told: the code is pending again, if no token was taken from it. */
export async function undoAllow(db: Executor, userCode: string, deviceId: string): Promise<void> {
  await db
    .updateTable('device_authorizations')
    .set({ status: 'pending', user_id: null, device_id: null, decided_at: null })
    .where('user_code', '=', userCode)
    .where('status', '=', 'allowed')
    .where('device_id', '=', deviceId)
    .execute();
}

export async function decide(
  db: Executor,
  userCode: string,
  decision: { status: 'allowed' | 'denied'; user_id: string; device_id: string | null; decided_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set(decision)
    .where('user_code', '=', userCode)
    .where('status', '=', 'pending')
    .where('expires_at', '>', decision.decided_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An allowed code becomes issued exactly once, even when the glasses poll twice at the same moment. */
export async function markIssued(db: Executor, deviceCodeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ status: 'issued' })
    .where('device_code_hash', '=', deviceCodeHash)
    .where('status', '=', 'allowed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertDevice(db: Executor, row: DeviceRow): Promise<void> {
  await db.insertInto('devices').values(row).execute();
}

/** Gives a paired device its token (hash); false when it was unpaired before collecting it. */
export async function setDeviceToken(db: Executor, deviceId: string, tokenHash: string): Promise<boolean> {
  const result = await db.updateTable('devices').set({ token_hash: tokenHash }).where('id', '=', deviceId).where('token_hash', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owner and the device of a bearer token. */
export async function findByToken(
  db: Db,
  tokenHash: string,
): Promise<{ user: SignedInUser; device: Pick<DeviceRow, 'id' | 'name' | 'last_seen_at' | 'paired_at' | 'scope'> } | undefined> {
  const row = await db
    .selectFrom('devices')
    .innerJoin('users', 'users.uid', 'devices.user_id')
    .select(SIGNED_IN_USER_COLUMNS)
    .select([
      'devices.id as device_id',
      'devices.name as device_name',
      'devices.last_seen_at as device_last_seen_at',
      'devices.paired_at as device_paired_at',
      'devices.scope as device_scope',
    ])
    .where('devices.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { device_id: id, device_name: name, device_last_seen_at: lastSeenAt, device_paired_at: pairedAt, device_scope: scope, ...user } = row;
  return { user, device: { id, name, last_seen_at: lastSeenAt, paired_at: pairedAt, scope } };
}

export async function touchDevice(db: Executor, deviceId: string, now: string): Promise<void> {
  await db.updateTable('devices').set({ last_seen_at: now }).where('id', '=', deviceId).execute();
}

export function listDevices(db: Executor, userId: string) {
  return db.selectFrom('devices').select(['id', 'name', 'paired_at', 'last_seen_at', 'scope']).where('user_id', '=', userId).orderBy('paired_at', 'desc').execute();
}

/** Unpairs: the row and its token hash go, its installed features with it (cascade). Answers the name, if it was the user's. */
export async function deleteDevice(db: Executor, userId: string, deviceId: string): Promise<string | undefined> {
  const row = await db.deleteFrom('devices').where('id', '=', deviceId).where('user_id', '=', userId).returning('name').executeTakeFirst();
  return row?.name;
}

/** The username and e-mail of the account glasses were paired with, told to the glasses with their token; undefined once deleted. */
export async function accountOf(db: Executor, userId: string): Promise<{ username: string; email: string } | undefined> {
  return db.selectFrom('users').select(['username', 'email']).where('uid', '=', userId).executeTakeFirst();
}

/** The account's deletion (issue #12): every pair of glasses of the user, what they run and the pairings they answered. */
export async function deleteUserDevices(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('installed_features').where('user_id', '=', userId).execute();
  await db.deleteFrom('device_authorizations').where('user_id', '=', userId).execute();
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
}

/** The ids among `deviceIds` whose glasses are still paired. */
export async function existingDevices(db: Executor, deviceIds: string[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db.selectFrom('devices').select('id').where('id', 'in', deviceIds).execute();
  return new Set(rows.map((row) => row.id));
}
