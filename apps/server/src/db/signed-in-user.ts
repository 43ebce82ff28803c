import { sql, type Selectable } from 'kysely';
import { isTouchDue, sessionExpiry } from '../session-lifetime.ts';
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
    .select(['sessions.created_at as session_created_at', 'sessions.last_used_at as session_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

/** The caller of a session, with when the session began and was last written (for its idle expiry). */
type SessionRow = SignedInUser & { session_created_at: string; session_used_at: string };

/** Notes a session's use and moves its end to 30 days from now (never earlier, never past its absolute end). */
async function touchSession(db: Db, tokenHash: string, row: SessionRow, now: string): Promise<void> {
  const expiresAt = sessionExpiry(row.session_created_at, new Date(now));
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, expires_at: sql<string>`case when expires_at < ${expiresAt} then ${expiresAt} else expires_at end` })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/**
 * The user of a live session, asked by nearly every request: compiled once (building it anew halved the session
 * check's throughput, D-006) and run as one of the database's prepared reads (D-009).
 */
export function sessionUserLookup(db: Db, reads: PreparedReads): (tokenHash: string, now: string) => Promise<SignedInUser | undefined> {
  const compiled = sessionUserQuery(db, '$token', '$now').compile();
  if (compiled.parameters.join() !== '$token,$now') throw new Error('Unexpected session query parameters');
  const firstRow = reads.firstRow<SessionRow>(compiled);
  return async (tokenHash, now) => {
    const row = await firstRow([tokenHash, now]);
    // Written at most once an hour per session (SESSION_TOUCH_EVERY_MS): the read stays the prepared one.
    if (row && isTouchDue(row.session_used_at, Date.parse(now))) await touchSession(db, tokenHash, row, now);
    return row;
  };
}
