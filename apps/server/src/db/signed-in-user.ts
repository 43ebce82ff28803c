import type { Selectable } from 'kysely';
import type { Db, Executor } from './database.ts';
import type { PreparedReads } from './prepared-reads.ts';
import type { UsersTable } from './schema.ts';

/** What a request knows of its user: the record without its secrets or its QR image. */
export type SignedInUser = Omit<Selectable<UsersTable>, 'password_hash' | 'qr_code'>;

/** The columns of a SignedInUser, for every lookup of a caller (session cookie or the glasses' bearer token). */
export const SIGNED_IN_USER_COLUMNS = [
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
    .select(SIGNED_IN_USER_COLUMNS)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

/**
 * The user of a live session, asked by nearly every request: compiled once (building it anew halved the session
 * check's throughput, D-006) and run as one of the database's prepared reads (D-009).
 */
export function sessionUserLookup(db: Db, reads: PreparedReads): (tokenHash: string, now: string) => Promise<SignedInUser | undefined> {
  const compiled = sessionUserQuery(db, '$token', '$now').compile();
  if (compiled.parameters.join() !== '$token,$now') throw new Error('Unexpected session query parameters');
  const firstRow = reads.firstRow<SignedInUser>(compiled);
  return (tokenHash, now) => firstRow([tokenHash, now]);
}
